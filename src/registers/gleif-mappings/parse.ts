import type { Readable } from 'node:stream';
import { leiProblem } from '../gleif/to-record.ts';
import { readTable } from '../tabular.ts';
import { defineRegister, FormatError, type ParseItem } from '../types.ts';

/**
 * GLEIF's published LEI mapping files: each pairs LEIs with one other identifier (OpenCorporates,
 * S&P Global, QCC, BIC, ISIN). Their exact headers are not pinned down in our format reference
 * [U]: a file must have an `LEI` column and one identifier column, whose header names the kind.
 * Several mapping files load together as one snapshot (a folder or a list of files).
 */
const KINDS: Array<[RegExp, string]> = [
  [/ocid|open ?corporates/i, 'opencorporates'],
  [/s&p|sp_?global|spglobal|s_p/i, 'spglobal'],
  [/qcc/i, 'qcc'],
  [/\bbic\b|bic_?code|^bic/i, 'bic'],
  [/isin/i, 'isin'],
];

async function* parse(input: Readable, { fileName }: { fileName: string }): AsyncGenerator<ParseItem> {
  let kind: string | undefined;
  let idColumn: string | undefined;
  for await (const item of readTable(input, { fileName, required: ['LEI'] })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    if (!kind) {
      const others = item.header.filter((h) => h.trim().toUpperCase() !== 'LEI');
      const found = others.flatMap((h) => KINDS.filter(([re]) => re.test(h)).map(([, k]) => ({ h, k })))[0];
      if (!found) {
        throw new FormatError(
          `${fileName}: no identifier column next to LEI (found: ${others.join(', ') || 'none'}); expected OpenCorporates, S&P Global, QCC, BIC or ISIN`,
          1,
        );
      }
      kind = found.k;
      idColumn = found.h.trim().toLowerCase();
    }
    const lei = (item.row.lei ?? '').trim().toUpperCase();
    const id = (item.row[idColumn ?? ''] ?? '').trim();
    const problem = leiProblem(lei);
    if (problem) {
      yield { kind: 'rejected', line: item.line, reason: problem };
      continue;
    }
    if (id === '') {
      yield { kind: 'rejected', line: item.line, reason: `no ${kind} identifier for ${lei}` };
      continue;
    }
    // Keyed LEI first, so every mapping of one LEI is a range of the primary key.
    yield {
      kind: 'record',
      line: item.line,
      record: {
        key: `${lei}|${kind}|${id}`,
        abn: null,
        acn: null,
        name: lei,
        names: [],
        status: null,
        asOf: null,
        data: { lei, kind, id },
      },
    };
  }
}

export const adapter = defineRegister({
  dataset: 'gleif-mappings',
  title: 'GLEIF LEI mapping files',
  source: 'gleif',
  parse,
  // Identifier cross-walks raise no change event of their own.
  diff: () => [],
  resolve: 'external_ids.mappings',
  events: [],
});
