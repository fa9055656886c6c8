import type { Readable } from 'node:stream';
import { defineRegister, FormatError, type ParseContext, type ParseItem } from '../types.ts';
import { isoDate } from '../values.ts';
import { diffAbr } from './diff.ts';
import { ENTITIES, ScanError, xmlScanner } from './scan.ts';
import { type AbrRow, emptyRow, toRecord } from './to-record.ts';

// Which element a `NonIndividualName` sits in decides what its text is (registers.md §2.1).
const IN_NONE = 0;
const IN_MAIN = 1;
const IN_DGR = 2;
const IN_OTHER = 3;

/**
 * One `<ABR>` element exactly as the extract writes its records (registers.md §2.2): the XSD's
 * elements in its order, attributes in the order and spacing the files use, nothing between tags,
 * text with no markup and no references but the five predefined ones (`&amp;` is common in names).
 * Such a record is read by one match instead of some twenty tags' worth of scanning; anything else (a
 * character reference, a blank written `<State />`, a comment, a record cut by a chunk's end) is left
 * to the scanner, which reads it to the same row. What the pattern accepts is well-formed by
 * construction: literal tags, properly nested, and text that holds no markup and only known entities.
 */
const ENTITY_NAMES = Object.keys(ENTITIES).join('|');
const TEXT = `([^<&]*(?:&(?:${ENTITY_NAMES});[^<&]*)*)`;
const ENTITY = new RegExp(`&(${ENTITY_NAMES});`, 'g');
const unescaped = (raw: string): string =>
  raw.indexOf('&') === -1 ? raw : raw.replace(ENTITY, (_, name: string) => ENTITIES[name] as string);
const textOrNull = (raw: string | undefined): string | null => (raw === undefined ? null : unescaped(raw));
/** An attribute value: anything with a reference is the scanner's. */
const VALUE = '([^<&"]*)';
/** The same pattern with its groups made non-capturing: for repeated parts, read again one by one. */
const uncaptured = (pattern: string) => pattern.replace(/\((?!\?)/g, '(?:');
/** A `DGR` element: the entity's own endorsement (empty) or a fund with its name. */
const DGR = `<DGR (?:status="${VALUE}" )?DGRStatusFromDate="${VALUE}"(?: ?/>|><NonIndividualName type="${VALUE}"><NonIndividualNameText>${TEXT}</NonIndividualNameText></NonIndividualName></DGR>)`;
const OTHER = `<OtherEntity><NonIndividualName type="${VALUE}"><NonIndividualNameText>${TEXT}</NonIndividualNameText></NonIndividualName></OtherEntity>`;
const ADDRESS = `<BusinessAddress><AddressDetails><State>${TEXT}</State><Postcode>${TEXT}</Postcode></AddressDetails></BusinessAddress>`;
const RECORD = new RegExp(
  [
    `<ABR recordLastUpdatedDate="${VALUE}" replaced="${VALUE}">`,
    `<ABN status="${VALUE}" ABNStatusFromDate="${VALUE}">${TEXT}</ABN>`,
    `<EntityType><EntityTypeInd>${TEXT}</EntityTypeInd><EntityTypeText>${TEXT}</EntityTypeText></EntityType>`,
    `(?:<MainEntity><NonIndividualName type="MN"><NonIndividualNameText>${TEXT}</NonIndividualNameText></NonIndividualName>${ADDRESS}</MainEntity>`,
    `|<LegalEntity><IndividualName type="LGL">(?:<NameTitle>${TEXT}</NameTitle>)?((?:<GivenName>${uncaptured(TEXT)}</GivenName>){0,2})(?:<FamilyName>${TEXT}</FamilyName>)?</IndividualName>${ADDRESS}</LegalEntity>)`,
    `(?:<ASICNumber ASICNumberType="[^<&"]*">${TEXT}</ASICNumber>)?`,
    `(?:<GST status="${VALUE}" GSTStatusFromDate="${VALUE}" ?/>)?`,
    `((?:${uncaptured(DGR)})*)`,
    `((?:${uncaptured(OTHER)})*)`,
    '</ABR>',
  ].join(''),
  'y',
);
const EACH_DGR = new RegExp(DGR, 'y');
const EACH_OTHER = new RegExp(OTHER, 'y');
const EACH_GIVEN = new RegExp(`<GivenName>${TEXT}</GivenName>`, 'y');

/**
 * The row of the `<ABR>` element at `start` of `text` if it is written exactly as the extract writes
 * its records, with where it ends; null to leave it to the scanner.
 */
export function readRegularRecord(text: string, start: number): { row: AbrRow; end: number } | null {
  RECORD.lastIndex = start;
  const m = RECORD.exec(text);
  if (m === null) return null;
  const row = emptyRow();
  row.recordLastUpdatedDate = m[1] as string;
  row.replaced = m[2] as string;
  row.abnStatus = m[3] as string;
  row.abnStatusFromDate = m[4] as string;
  row.abn = unescaped(m[5] as string);
  row.entityTypeInd = unescaped(m[6] as string);
  row.entityTypeText = unescaped(m[7] as string);
  if (m[8] !== undefined) {
    row.mainName = unescaped(m[8]);
    row.state = unescaped(m[9] as string);
    row.postcode = unescaped(m[10] as string);
  } else {
    const given: string[] = [];
    const names = m[12] as string;
    EACH_GIVEN.lastIndex = 0;
    for (let g = EACH_GIVEN.exec(names); g !== null; g = EACH_GIVEN.exec(names))
      given.push(unescaped(g[1] as string));
    row.individual = { title: textOrNull(m[11]), given, family: textOrNull(m[13]) };
    row.state = unescaped(m[14] as string);
    row.postcode = unescaped(m[15] as string);
  }
  row.asicNumber = textOrNull(m[16]);
  if (m[17] !== undefined) {
    row.gstStatus = m[17];
    row.gstStatusFromDate = m[18] as string;
  }
  const dgr = m[19] as string;
  if (dgr !== '') {
    EACH_DGR.lastIndex = 0;
    for (let d = EACH_DGR.exec(dgr); d !== null; d = EACH_DGR.exec(dgr))
      row.dgr.push({ status: d[1] ?? null, from: d[2] as string, fundName: textOrNull(d[4]) });
  }
  const others = m[20] as string;
  if (others !== '') {
    EACH_OTHER.lastIndex = 0;
    for (let o = EACH_OTHER.exec(others); o !== null; o = EACH_OTHER.exec(others))
      row.otherNames.push({ type: o[1] as string, name: unescaped(o[2] as string) });
  }
  return { row, end: RECORD.lastIndex };
}

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

  const finish = (done: AbrRow, line: number) => {
    const record = toRecord(done);
    items.push(
      typeof record === 'string'
        ? { kind: 'rejected', line, reason: record }
        : { kind: 'record', record, line },
    );
  };

  const scanner = xmlScanner(fileName, {
    child: {
      prefix: '<ABR ',
      read(text, start) {
        const regular = readRegularRecord(text, start);
        if (regular === null) return -1;
        finish(regular.row, scanner.lineOf(start));
        return regular.end;
      },
    },
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
          finish(row, rowLine);
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

export const adapter = defineRegister({
  dataset: 'abr-bulk',
  title: 'ABN Bulk Extract',
  source: 'abr',
  parse: parseAbrBulk,
  diff: diffAbr,
  keepsNewerRecord: true,
  identity: 'abn',
  entityNames: true,
  events: ['abn_cancelled', 'gst_deregistered', 'name_change'],
  sandboxExamples: {
    abn_cancelled: () => [{ field: 'abn_status', old: 'ACT', new: 'CAN' }],
    gst_deregistered: () => [{ field: 'gst_status', old: 'ACT', new: 'CAN' }],
  },
});
