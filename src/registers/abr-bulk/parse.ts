import type { Readable } from 'node:stream';
import { FormatError, type ParseContext, type ParseItem, type RegisterAdapter } from '../types.ts';
import { isoDate } from '../values.ts';
import { diffAbr } from './diff.ts';
import { ScanError, xmlScanner } from './scan.ts';
import { type AbrRow, emptyRow, toRecord } from './to-record.ts';

// Which element a `NonIndividualName` sits in decides what its text is (registers.md §2.1).
const IN_NONE = 0;
const IN_MAIN = 1;
const IN_DGR = 2;
const IN_OTHER = 3;

/**
 * Streams one ABN Bulk Extract XML file (`yyyymmddPublicNN.xml`, one `<ABR>` per line, ~1M records,
 * hundreds of MB) in constant memory: the scanner's events fill one row at a time, and each finished
 * `<ABR>` is yielded before the next chunk is read. The handlers are made once per file and do only
 * field assignments.
 */
export async function* parseAbrBulk(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const { fileName } = context;
  const items: ParseItem[] = [];
  let row: AbrRow | null = null;
  let rowLine = 0;
  let within = IN_NONE;
  let nameType = '';
  let sawRoot = false;

  const scanner = xmlScanner(fileName, {
    open(name, a) {
      if (!sawRoot) {
        sawRoot = true;
        if (name !== 'Transfer') {
          throw new FormatError(
            `${fileName}: root element is <${name}>, not an ABN Bulk Extract <Transfer>`,
            scanner.line(),
          );
        }
        return;
      }
      switch (name) {
        case 'ABR':
          row = emptyRow();
          row.recordLastUpdatedDate = a('recordLastUpdatedDate') ?? '';
          row.replaced = a('replaced') ?? '';
          // The line of the tag's `>`; the real files keep each `<ABR ...>` tag on one line.
          rowLine = scanner.line();
          return;
      }
      if (row === null) return;
      switch (name) {
        case 'ABN':
          row.abnStatus = a('status') ?? '';
          row.abnStatusFromDate = a('ABNStatusFromDate') ?? '';
          break;
        case 'NonIndividualName':
          nameType = a('type') ?? '';
          break;
        case 'OtherEntity':
          within = IN_OTHER;
          break;
        case 'MainEntity':
          within = IN_MAIN;
          break;
        case 'LegalEntity':
          row.individual = { title: null, given: [], family: null };
          break;
        case 'GST':
          row.gstStatus = a('status') ?? '';
          row.gstStatusFromDate = a('GSTStatusFromDate') ?? '';
          break;
        case 'DGR':
          // Fund elements may lack `status` (registers.md §2.1).
          row.dgr.push({ status: a('status') ?? null, from: a('DGRStatusFromDate') ?? '', fundName: null });
          within = IN_DGR;
          break;
      }
    },

    close(name, text) {
      if (row === null) {
        if (name === 'ExtractTime') {
          const asOf = isoDate(text);
          if (asOf) items.push({ kind: 'snapshot', asOf });
        }
        return;
      }
      switch (name) {
        case 'NonIndividualNameText':
          if (within === IN_OTHER) row.otherNames.push({ type: nameType, name: text });
          else if (within === IN_DGR) {
            const fund = row.dgr[row.dgr.length - 1];
            if (fund) fund.fundName = text;
          } else if (within === IN_MAIN && (nameType === 'MN' || row.mainName === null)) row.mainName = text;
          break;
        case 'OtherEntity':
        case 'MainEntity':
        case 'DGR':
          within = IN_NONE;
          break;
        case 'GivenName':
          row.individual?.given.push(text);
          break;
        case 'FamilyName':
          if (row.individual) row.individual.family = text;
          break;
        case 'NameTitle':
          if (row.individual) row.individual.title = text;
          break;
        case 'State':
          row.state = text;
          break;
        case 'Postcode':
          row.postcode = text;
          break;
        case 'ABN':
          row.abn = text;
          break;
        case 'EntityTypeInd':
          row.entityTypeInd = text;
          break;
        case 'EntityTypeText':
          row.entityTypeText = text;
          break;
        case 'ASICNumber':
          row.asicNumber = text;
          break;
        case 'ABR': {
          const record = toRecord(row);
          items.push(
            typeof record === 'string'
              ? { kind: 'rejected', line: rowLine, reason: record }
              : { kind: 'record', record, line: rowLine },
          );
          row = null;
          within = IN_NONE;
          break;
        }
      }
    },
  });

  // A file that is not well-formed (truncated download, garbage) is not this format: the ingest
  // then keeps its previous copy. The scanner's message already names the file, line and column.
  const fail = (err: unknown): Error =>
    err instanceof ScanError
      ? new FormatError(`Not a well-formed ABN Bulk Extract file: ${err.message}`, err.line)
      : (err as Error);

  for await (const chunk of input) {
    try {
      scanner.write(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
    } catch (err) {
      throw fail(err);
    }
    for (const item of items) yield item;
    items.length = 0;
  }
  try {
    scanner.close();
  } catch (err) {
    throw fail(err);
  }
  for (const item of items) yield item;
}

export const adapter: RegisterAdapter = {
  dataset: 'abr-bulk',
  title: 'ABN Bulk Extract',
  source: 'abr',
  parse: parseAbrBulk,
  diff: diffAbr,
  keepsNewerRecord: true,
};
