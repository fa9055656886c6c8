/**
 * Writes a synthetic ABN Bulk Extract file in the real layout (docs/registers.md §2): one `<ABR>` per
 * line inside `Transfer`/`TransferInfo`, with the space-padded blank lines the real files carry.
 * Every ABN and ASIC number passes its check digit. Constant memory: records go out in ~64 KB
 * batches and the writer waits for `drain`.
 *
 *   node bench/generate-abr-bulk.ts <out.xml> [N=1000000]
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { abnFromAcn, acnCheckDigit } from '../src/identifiers/check-digits.ts';

const WORDS = [
  'HARBOUR',
  'SUMMIT',
  'COASTAL',
  'RIVERSIDE',
  'GOLDEN',
  'SOUTHERN',
  'PACIFIC',
  'EUCALYPT',
  'WATTLE',
  'MERIDIAN',
  'BLUE GUM',
  'KOALA',
  'IRONBARK',
  'OUTBACK',
  'BANKSIA',
  'CORAL',
  'GRANITE',
  'SILVER',
];
const TRADES = [
  'HOLDINGS',
  'CONSTRUCTIONS',
  'TRADING',
  'INVESTMENTS',
  'SERVICES',
  'CONSULTING',
  'PLUMBING',
  'LOGISTICS',
];
const GIVEN = ['ALEX', 'JORDAN', 'SAM', 'TAYLOR', 'MORGAN', 'CHRIS', 'JAMIE', 'ROBIN', 'LEE', 'KIM'];
const FAMILY = [
  'NGUYEN',
  'SMITH',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'WILSON',
  'TAYLOR',
  "O'BRIEN",
  'PATEL',
  'CHEN',
];
const STATES: [string, string][] = [
  ['NSW', '2000'],
  ['VIC', '3000'],
  ['QLD', '4000'],
  ['WA', '6000'],
  ['SA', '5000'],
  ['TAS', '7000'],
  ['ACT', '2600'],
  ['NT', '0800'],
  ['AAT', ''],
];

/** A small seeded generator, so the same N gives the same file. */
let seed = 0x2545f491;
function rand(n: number): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}
const pick = <T>(list: readonly T[]): T => list[rand(list.length)] as T;

function ymd(): string {
  const y = 1999 + rand(27);
  const m = String(1 + rand(12)).padStart(2, '0');
  const d = String(1 + rand(28)).padStart(2, '0');
  return `${y}${m}${d}`;
}

const nameEl = (type: string, text: string) =>
  `<NonIndividualName type="${type}"><NonIndividualNameText>${text}</NonIndividualNameText></NonIndividualName>`;

const address = () => {
  const [state, postcode] = pick(STATES);
  return `<BusinessAddress><AddressDetails><State>${state}</State><Postcode>${postcode}</Postcode></AddressDetails></BusinessAddress>`;
};

function gst(): string {
  const r = rand(10);
  if (r < 5) return `<GST status="ACT" GSTStatusFromDate="${ymd()}" />`;
  if (r < 7) return `<GST status="CAN" GSTStatusFromDate="${ymd()}" />`;
  if (r < 9) return '<GST status="NON" GSTStatusFromDate="19000101" />';
  return '';
}

function businessNames(): string {
  let out = '';
  for (let k = rand(4) - 1; k > 0; k--)
    out += `<OtherEntity>${nameEl('BN', `${pick(WORDS)} ${pick(TRADES)}`)}</OtherEntity>`;
  if (rand(5) === 0)
    out += `<OtherEntity>${nameEl('TRD', `${pick(WORDS)} &amp; ${pick(WORDS)}`)}</OtherEntity>`;
  return out;
}

/** Record i: a unique 9-digit body; companies use it as their ACN, others as an ABN body only. */
function record(i: number): string {
  const first8 = String(10_000_000 + i);
  const kind = rand(10);
  const company = kind < 5;
  const body = company ? `${first8}${acnCheckDigit(first8)}` : `${first8}0`;
  const abn = abnFromAcn(body);
  const status = rand(5) === 0 ? 'CAN' : 'ACT';
  const head = `<ABR recordLastUpdatedDate="${ymd()}" replaced="N"><ABN status="${status}" ABNStatusFromDate="${ymd()}">${abn}</ABN>`;
  if (company) {
    const [code, text, suffix] =
      rand(8) === 0
        ? ['PUB', 'Australian Public Company', 'LIMITED']
        : ['PRV', 'Australian Private Company', 'PTY LTD'];
    const name = `${pick(WORDS)} ${pick(TRADES)} ${suffix}`;
    return `${head}<EntityType><EntityTypeInd>${code}</EntityTypeInd><EntityTypeText>${text}</EntityTypeText></EntityType><MainEntity>${nameEl('MN', name)}${address()}</MainEntity><ASICNumber ASICNumberType="undetermined">${body}</ASICNumber>${gst()}${businessNames()}</ABR>\n`;
  }
  if (kind < 8) {
    const given = rand(2)
      ? `<GivenName>${pick(GIVEN)}</GivenName><GivenName>${pick(GIVEN)}</GivenName>`
      : `<GivenName>${pick(GIVEN)}</GivenName>`;
    const title = rand(3) === 0 ? '<NameTitle>MR</NameTitle>' : '';
    return `${head}<EntityType><EntityTypeInd>IND</EntityTypeInd><EntityTypeText>Individual/Sole Trader</EntityTypeText></EntityType><LegalEntity><IndividualName type="LGL">${title}${given}<FamilyName>${pick(FAMILY)}</FamilyName></IndividualName>${address()}</LegalEntity>${gst()}${businessNames()}</ABR>\n`;
  }
  const [code, text] = rand(2) ? ['DTT', 'Discretionary Trading Trust'] : ['FUT', 'Fixed Unit Trust'];
  const dgr = rand(20) === 0 ? `<DGR status="ACT" DGRStatusFromDate="${ymd()}" />` : '';
  return `${head}<EntityType><EntityTypeInd>${code}</EntityTypeInd><EntityTypeText>${text}</EntityTypeText></EntityType><MainEntity>${nameEl('MN', `THE TRUSTEE FOR ${pick(WORDS)} FAMILY TRUST`)}${address()}</MainEntity>${gst()}${dgr}${businessNames()}</ABR>\n`;
}

async function main(): Promise<void> {
  const [out, count] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node bench/generate-abr-bulk.ts <out.xml> [N]');
    process.exit(2);
  }
  const n = count ? Number(count) : 1_000_000;
  if (!Number.isInteger(n) || n < 0 || n > 89_999_999)
    throw new Error(`N must be an integer 0..89999999, got ${count}`);

  const stream = createWriteStream(out);
  const write = async (chunk: string) => {
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  const blank = `${' '.repeat(80)}\n`;
  await write(
    '<?xml version="1.0"?>\n<Transfer error="none" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="BulkExtract.xsd">' +
      `<TransferInfo><FileSequenceNumber>1</FileSequenceNumber><RecordCount>${n}</RecordCount><ExtractTime>2026-11-18T08:46:00</ExtractTime></TransferInfo>\n${blank.repeat(3)}`,
  );
  let batch = '';
  for (let i = 0; i < n; i++) {
    batch += record(i);
    if (batch.length >= 65_536) {
      await write(batch);
      batch = '';
    }
  }
  await write(`${batch}</Transfer>\n`);
  stream.end();
  await finished(stream);
}

await main();
