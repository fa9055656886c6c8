import type { Readable } from 'node:stream';
import { defineRegister, FormatError, type ParseContext, type ParseItem } from '../types.ts';
import { isoDate } from '../values.ts';
import { diffAbr } from './diff.ts';
import { readRegularRecord } from './regular-record.ts';
import { type Attribute, ScanError, XmlScanner } from './scan.ts';
import { type AbrRow, emptyRow, toRecord } from './to-record.ts';

// Which element a `NonIndividualName` sits in decides what its text is (docs/registers.md §2.1).
const IN_NONE = 0;
const IN_MAIN = 1;
const IN_DGR = 2;
const IN_OTHER = 3;

/** An `<ABR>` read tag by tag: its row so far, the line it starts on, and which element a name is in. */
type TagByTag = { row: AbrRow | null; line: number; within: number; nameType: string };

/** A start tag inside an `<ABR>` read tag by tag. */
function openInRecord(reading: TagByTag, row: AbrRow, name: string, a: Attribute): void {
  switch (name) {
    case 'ABN':
      row.abnStatus = a('status') ?? '';
      row.abnStatusFromDate = a('ABNStatusFromDate') ?? '';
      break;
    case 'NonIndividualName':
      reading.nameType = a('type') ?? '';
      break;
    case 'OtherEntity':
      reading.within = IN_OTHER;
      break;
    case 'MainEntity':
      reading.within = IN_MAIN;
      break;
    case 'LegalEntity':
      row.individual = { title: null, given: [], family: null };
      break;
    case 'GST':
      row.gstStatus = a('status') ?? '';
      row.gstStatusFromDate = a('GSTStatusFromDate') ?? '';
      break;
    case 'DGR':
      // Fund elements may lack `status` (docs/registers.md §2.1).
      row.dgr.push({ status: a('status') ?? null, from: a('DGRStatusFromDate') ?? '', fundName: null });
      reading.within = IN_DGR;
      break;
  }
}

/** An end tag inside an `<ABR>` read tag by tag, other than the `</ABR>` that ends it. */
function closeInRecord(reading: TagByTag, row: AbrRow, name: string, text: string): void {
  switch (name) {
    case 'NonIndividualNameText': {
      const { within, nameType } = reading;
      if (within === IN_OTHER) row.otherNames.push({ type: nameType, name: text });
      else if (within === IN_DGR) {
        const fund = row.dgr[row.dgr.length - 1];
        if (fund) fund.fundName = text;
      } else if (within === IN_MAIN && (nameType === 'MN' || row.mainName === null)) row.mainName = text;
      break;
    }
    case 'OtherEntity':
    case 'MainEntity':
    case 'DGR':
      reading.within = IN_NONE;
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
  }
}

/**
 * Streams one ABN Bulk Extract XML file (`yyyymmddPublicNN.xml`, one `<ABR>` per line, ~1M records,
 * hundreds of MB) in constant memory: each record written as the files write them is read in one
 * match (`readRegularRecord`), any other tag by tag from the scanner's events, and each finished
 * `<ABR>` is yielded before the next chunk is read. The handlers are made once per file and do only
 * field assignments.
 */
export async function* parseAbrBulk(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const { fileName } = context;
  const items: ParseItem[] = [];
  const reading: TagByTag = { row: null, line: 0, within: IN_NONE, nameType: '' };
  let sawRoot = false;

  const finish = (done: AbrRow, line: number) => {
    const record = toRecord(done);
    items.push(
      typeof record === 'string'
        ? { kind: 'rejected', line, reason: record }
        : { kind: 'record', record, line },
    );
  };

  const scanner: XmlScanner = new XmlScanner(fileName, {
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
      if (name === 'ABR') {
        const row = emptyRow();
        row.recordLastUpdatedDate = a('recordLastUpdatedDate') ?? '';
        row.replaced = a('replaced') ?? '';
        reading.row = row;
        // The line of the tag's `>`; the real files keep each `<ABR ...>` tag on one line.
        reading.line = scanner.line();
      } else if (reading.row !== null) openInRecord(reading, reading.row, name, a);
    },
    close(name, text) {
      const { row } = reading;
      if (row === null) {
        if (name === 'ExtractTime') {
          const asOf = isoDate(text);
          if (asOf) items.push({ kind: 'snapshot', asOf });
        }
      } else if (name !== 'ABR') closeInRecord(reading, row, name, text);
      else {
        finish(row, reading.line);
        reading.row = null;
        reading.within = IN_NONE;
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
