import { ENTITIES } from './scan.ts';
import { type AbrRow, emptyRow } from './to-record.ts';

/**
 * One `<ABR>` element exactly as the extract writes its records (docs/registers.md §2.2): the XSD's
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
