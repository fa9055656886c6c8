import type { Readable } from 'node:stream';
import { isValidAbn } from '../../identifiers/check-digits.ts';
import { col, readTable } from '../tabular.ts';
import { defineRegister, type ParseContext, type ParseItem, type SourceRecord } from '../types.ts';
import { abnOrNull, acnOrNull, anyDate, clean } from '../values.ts';
import { diff } from './diff.ts';

/*
 * No free register says who a trust's trustee is (the ABR shows the trust, not its trustee). This is
 * OUR layout, for an operator who knows (see README.md beside this file): comma CSV, RFC-4180 quoting,
 * UTF-8 (BOM and Windows-1252 tolerated), one row per trust and trustee, header line exactly these
 * names in any order:
 *
 *   trust_abn,trust_name,trustee_name,trustee_abn,trustee_acn,role,start_date,end_date
 *
 * trust_abn     the trust's ABN (required: the record key); rows of one trust may come in any order
 * trust_name    e.g. `THE TRUSTEE FOR SANDBOX FAMILY TRUST` (required on at least one of its rows)
 * trustee_*     name, ABN, ACN: at least one of them
 * role          blank → `corporate_trustee` when trustee_acn is given, else `trustee`
 * start/end     DD/MM/YYYY or YYYY-MM-DD; a blank end_date means the trustee is current
 */
const HEADERS = [
  'trust_abn',
  'trust_name',
  'trustee_name',
  'trustee_abn',
  'trustee_acn',
  'role',
  'start_date',
  'end_date',
];

export type Trustee = {
  name: string | null;
  abn: string | null;
  acn: string | null;
  role: string;
  start_date: string | null;
  end_date: string | null;
};

type Trust = { line: number; name: string | null; trustees: Trustee[] };

async function* parse(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  // The file is small (one operator's trusts), so rows are grouped in memory and records come last.
  const trusts = new Map<string, Trust>();
  for await (const item of readTable(input, {
    fileName: context.fileName,
    required: HEADERS,
    delimiter: 'comma',
  })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const { row, line } = item;
    const trustAbn = col(row, 'trust_abn').replace(/\s/g, '');
    if (!isValidAbn(trustAbn)) {
      yield { kind: 'rejected', line, reason: `trust ABN "${col(row, 'trust_abn')}" fails the check digit` };
      continue;
    }
    const acnRaw = clean(col(row, 'trustee_acn'));
    const trustee: Trustee = {
      name: clean(col(row, 'trustee_name')),
      abn: abnOrNull(col(row, 'trustee_abn')),
      acn: acnOrNull(acnRaw),
      role: clean(col(row, 'role')) ?? (acnRaw ? 'corporate_trustee' : 'trustee'),
      start_date: anyDate(col(row, 'start_date')),
      end_date: anyDate(col(row, 'end_date')),
    };
    if (!trustee.name && !trustee.abn && !trustee.acn) {
      yield { kind: 'rejected', line, reason: `trust ${trustAbn}: no trustee name, ABN or ACN` };
      continue;
    }
    let trust = trusts.get(trustAbn);
    if (!trust) {
      trust = { line, name: null, trustees: [] };
      trusts.set(trustAbn, trust);
    }
    trust.name ??= clean(col(row, 'trust_name'));
    trust.trustees.push(trustee);
  }

  for (const [abn, trust] of trusts) {
    if (!trust.name) {
      yield { kind: 'rejected', line: trust.line, reason: `trust ${abn}: no trust name on any row` };
      continue;
    }
    const record: SourceRecord = {
      key: abn,
      abn,
      acn: null,
      name: trust.name,
      names: [],
      status: null,
      asOf: null,
      data: { trustees: trust.trustees },
    };
    yield { kind: 'record', record, line: trust.line };
  }
}

export const adapter = defineRegister({
  dataset: 'trustees',
  title: 'Trust trustees (operator-loaded)',
  source: 'trustees',
  parse,
  diff,
  resolve: 'canonical.related_entities',
  events: ['relationship_change'],
  sandboxExamples: {
    relationship_change: () => [
      {
        field: 'trustees',
        old: [{ name: 'SANDBOX OLD TRUSTEE PTY LTD', abn: null, acn: null }],
        new: [{ name: 'SANDBOX NEW TRUSTEE PTY LTD', abn: null, acn: null }],
      },
    ],
  },
});
