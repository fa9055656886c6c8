import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { FormatError } from './types.ts';
import { clean, dmyToIso, isoDate } from './values.ts';

/**
 * One cell as the XLSX registers need it: text, a date (cells with a date number format), or null.
 * Numbers become their decimal text (ASIC stores ACNs as numbers), booleans `true`/`false`, rich
 * text its runs joined, formulas their cached result.
 */
export type Cell = string | Date | null;

export type SheetRow = { line: number; cells: Cell[] };

const ZIP_SIGNATURE = 0x04034b50;

/**
 * exceljs, loaded when a workbook is first read: it takes about 0.3 s to load, and every process
 * that loads the register registry (a parsing thread among them) would pay for it otherwise.
 */
const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/**
 * Streams the rows of one worksheet of an XLSX file with exceljs's streaming reader (docs/registers.md §6,
 * §10). `line` is the sheet's row number; blank rows are skipped (the XML omits them). The named
 * sheet is chosen case-insensitively; when no sheet has that name the first one is read, since a
 * renamed tab should not stop a load when its header still matches (the caller checks the header).
 * A file that is not a zip, or not a readable workbook, is a FormatError. Shared with asic-insolvency
 * (the one other XLSX register); it belongs in src/registers/ once a third needs it.
 */
export async function* readSheet(
  input: Readable,
  options: { fileName: string; sheet: string },
): AsyncGenerator<SheetRow> {
  const { fileName } = options;
  // The compressed file is small (DFAT ≈2 MB, ASIC insolvency ≈10 MB) and held whole so the zip
  // signature can be checked first and a failing input cannot leave the unzip stream waiting.
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const file = Buffer.concat(chunks);
  if (file.length < 4 || file.readUInt32LE(0) !== ZIP_SIGNATURE) {
    throw new FormatError(`${fileName}: not an XLSX workbook (the file is not a zip archive)`, 1);
  }

  const wanted = options.sheet.trim().toLowerCase();
  // The streaming reader misreads or fails a workbook whose parts are in some orders (a zip may hold
  // them in any order; exceljs's own writer sometimes puts the workbook part after the sheets): such
  // a file is read whole instead.
  if (!streamsInOrder(await partsInFileOrder(file, fileName))) {
    yield* readWholeBook(file, fileName, wanted);
    return;
  }
  const { stream } = await excel();
  const reader = new stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles carry the number formats that tell a date cell from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let first: SheetRow[] | undefined;
  let found = false;
  let yielded = false;
  try {
    for await (const sheet of reader) {
      const name = String((sheet as unknown as { name?: string }).name ?? '');
      if (name.trim().toLowerCase() === wanted) {
        found = true;
        for await (const row of sheet) {
          yielded = true;
          yield toSheetRow(row);
        }
      } else if (!first && !found) {
        first = [];
        for await (const row of sheet) first.push(toSheetRow(row));
      } else {
        for await (const _ of sheet) {
          // drained: the reader moves to the next sheet only after this one is read
        }
      }
    }
  } catch (error) {
    if (error instanceof FormatError) throw error;
    // Any other way the streaming reader trips over a file, before it has given a row: read it whole.
    if (!yielded) {
      yield* readWholeBook(file, fileName, wanted);
      return;
    }
    throw new FormatError(`${fileName}: not a readable XLSX workbook (${(error as Error).message})`);
  }
  if (found) return;
  if (!first) throw new FormatError(`${fileName}: the workbook has no worksheet`);
  yield* first;
}

/** The parts of a zip in the order they sit in the file (the order a streaming reader meets them). */
async function partsInFileOrder(file: Buffer, fileName: string): Promise<string[]> {
  const entries: Array<{ name: string; at: number }> = [];
  try {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(file, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
    );
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, at: entry.relativeOffsetOfLocalHeader });
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    throw new FormatError(`${fileName}: not a readable XLSX workbook (${(error as Error).message})`);
  }
  return entries.sort((a, b) => a.at - b.at).map((e) => e.name);
}

/**
 * Whether exceljs's streaming reader reads a workbook whose parts are in this order. It reads a sheet
 * as it meets it once it has the shared strings and the workbook's relationships, and then needs the
 * workbook part (the sheets' names) and the styles (which cells are dates) already read; a sheet met
 * earlier waits in a temporary file until the end, when everything is known, except one met before
 * the relationships. A workbook without a workbook part is no workbook.
 */
export function streamsInOrder(parts: string[]): boolean {
  const at = (part: string) => parts.indexOf(part);
  const book = at('xl/workbook.xml');
  if (book === -1) return false;
  const strings = at('xl/sharedStrings.xml');
  const relationships = at('xl/_rels/workbook.xml.rels');
  const styles = at('xl/styles.xml');
  return parts.every((part, i) => {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(part)) return true;
    // Met before the relationships, a sheet is set aside too, but the reader then sometimes yields
    // it before the shared strings are in (one row of empty cells): such files are read whole.
    if (relationships === -1 || relationships > i) return false;
    const readAtOnce = strings !== -1 && strings < i && relationships !== -1 && relationships < i;
    return !readAtOnce || (book < i && (styles === -1 || styles < i));
  });
}

/** The same rows, from the workbook read whole (held in memory: only for files in an unusual order). */
async function* readWholeBook(file: Buffer, fileName: string, wanted: string): AsyncGenerator<SheetRow> {
  const book = new (await excel()).Workbook();
  try {
    await book.xlsx.load(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new FormatError(`${fileName}: not a readable XLSX workbook (${(error as Error).message})`);
  }
  const sheet = book.worksheets.find((w) => w.name.trim().toLowerCase() === wanted) ?? book.worksheets[0];
  if (!sheet) throw new FormatError(`${fileName}: the workbook has no worksheet`);
  const rows: SheetRow[] = [];
  sheet.eachRow((row) => rows.push(toSheetRow(row)));
  yield* rows;
}

function toSheetRow(row: ExcelJS.Row): SheetRow {
  // `values` is 1-based (index 0 unused) and sparse where cells are empty.
  const values = row.values as unknown[];
  const cells: Cell[] = [];
  for (let i = 1; i < values.length; i++) cells.push(toCell(values[i]));
  return { line: row.number, cells };
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') return dropCarriageReturns(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText))
      return dropCarriageReturns(v.richText.map((run) => run.text ?? '').join(''));
    if ('formula' in v || 'sharedFormula' in v) return toCell(v.result);
    if ('error' in v) return null;
    if ('text' in v) return toCell(v.text);
  }
  return null;
}

/** `_x000D_` is OOXML's escape for a carriage return; exceljs leaves it in the text (DFAT has many). */
const dropCarriageReturns = (text: string): string => text.replace(/_x000D_\n?/g, '\n');

/** A header cell as compared: trimmed, lower case, whitespace folded, a trailing `.` dropped. */
export const headerName = (cell: Cell): string =>
  (cell instanceof Date ? '' : (cell ?? ''))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/\.$/, '')
    .toLowerCase();

/** Column positions by header name. */
export function headerIndex(cells: Cell[]): Map<string, number> {
  const index = new Map<string, number>();
  cells.forEach((cell, i) => {
    const name = headerName(cell);
    if (name && !index.has(name)) index.set(name, i);
  });
  return index;
}

/** A cell as text: dates as ISO, whitespace folded, blank → null. */
export const cellText = (cell: Cell | undefined): string | null =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : clean(cell);

// Excel's day 0 is 1899-12-30 (the 1900 leap-year bug folded in); serials past 1 March 1900 only.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date cell as ISO: a real date cell, `DD/MM/YYYY` text, ISO text, or a bare Excel serial number
 * (a date column that lost its date format).
 */
export function cellDate(cell: Cell | undefined): string | null {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const text = clean(cell);
  if (!text) return null;
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    return new Date(EXCEL_EPOCH + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
  }
  return dmyToIso(text) ?? isoDate(text);
}

export const isBlankRow = (cells: Cell[]): boolean => cells.every((cell) => cellText(cell) === null);
