import type { Readable } from 'node:stream';
import { col, readTable } from '../tabular.ts';
import type { ParseItem } from '../types.ts';
import { type LeiFields, toRecord } from './to-record.ts';

/*
 * The Golden Copy CSV (LEI-CDF 3.x flattened to dotted column names, all fields quoted). The exact
 * names are [U] in docs/registers.md §9; the ones used here agree across several public Golden Copy
 * readers. Only `LEI` and `Entity.LegalName` are required: every other column is read when present.
 */
const LEI = 'LEI';
const LEGAL_NAME = 'Entity.LegalName';
/** `Entity.OtherEntityNames.OtherEntityName.{n}` and the transliterated ones, each with `.type`/`.xmllang`. */
const OTHER_NAME =
  /^entity\.(otherentitynames\.otherentityname|transliteratedotherentitynames\.transliteratedotherentityname)\.\d+$/;

export async function* fromGoldenCopyCsv(input: Readable, fileName: string): AsyncGenerator<ParseItem> {
  for await (const item of readTable(input, { fileName, required: [LEI, LEGAL_NAME], delimiter: 'comma' })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const result = toRecord(fieldsOf(item.row));
    yield typeof result === 'string'
      ? { kind: 'rejected', line: item.line, reason: result }
      : { kind: 'record', record: result, line: item.line };
  }
}

function fieldsOf(row: Record<string, string>): LeiFields {
  const value = (name: string) => col(row, name) || null;
  const otherNames: LeiFields['otherNames'] = [];
  for (const key of Object.keys(row)) {
    if (!OTHER_NAME.test(key) || !row[key]) continue;
    otherNames.push({
      name: row[key],
      type: row[`${key}.type`] || null,
      language: row[`${key}.xmllang`] || null,
    });
  }
  return {
    lei: col(row, LEI),
    legalName: value(LEGAL_NAME),
    registeredAt: value('Entity.RegistrationAuthority.RegistrationAuthorityID'),
    registeredAs: value('Entity.RegistrationAuthority.RegistrationAuthorityEntityID'),
    jurisdiction: value('Entity.LegalJurisdiction'),
    entityStatus: value('Entity.EntityStatus'),
    registrationStatus: value('Registration.RegistrationStatus'),
    lastUpdate: value('Registration.LastUpdateDate'),
    legalForm: value('Entity.LegalForm.EntityLegalFormCode'),
    country: value('Entity.LegalAddress.Country'),
    // The Golden Copy carries no S&P, OpenCorporates or BIC mapping (GLEIF publishes those apart).
    spglobal: null,
    ocid: null,
    bic: null,
    otherNames,
  };
}
