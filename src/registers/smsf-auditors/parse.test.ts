import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME\tSMSF_NUM\tSMSF_NAME\tSMSF_STATUS\tSMSF_PERSON_ABN\tSMSF_REG_DT\tSMSF_SUSP_START_DT\tSMSF_SUSP_END_DT\tSMSF_CAPACITY_FIRM_NAME\tSMSF_CONDITION\tSMSF_CONDITION_DTL\tSMSF_LOCALITY\tSMSF_STATE\tSMSF_POST_CODE';

const collect = (input: Readable) => parseStream(adapter, input, 'smsf_auditor_202607.csv');
const parse = (...parts: (string | Buffer)[]) => collect(readableOf(...parts));

const QUILL =
  'SMSF Auditor\t100990006\tQUILL, MORGAN\tRegistered\t62600262235\t01/07/2013\t\t\tSANDBOX AUDIT SERVICES PTY LTD';
const QUILL_TAIL = 'MELBOURNE\tVIC\t3000';

describe('smsf-auditors parse', () => {
  it('groups an auditor’s condition rows, including a repeat further down, into one record', async () => {
    const items = await parse(
      `${HEADER}\r\n`,
      `${QUILL}\tStandard conditions\tComply with auditing and assurance standards\t${QUILL_TAIL}\r\n`,
      `${QUILL}\tContinuing professional development\tComplete 8 hours of "relevant" CPD\t${QUILL_TAIL}\r\n`,
      'SMSF Auditor\t100990016\tKai Bransby\tRegistered\t27600990905\t15/11/2014\t\t\t\t\t\tTOWNSVILLE\tQLD\t4810\r\n',
      `${QUILL}\tStandard conditions\tComply with auditing and assurance standards\t${QUILL_TAIL}\r\n`,
      `${QUILL}\tPractice review\tUndergo a review by 30/06/2026\t${QUILL_TAIL}\r\n`,
    );
    const quill: SourceRecord = {
      key: '100990006',
      abn: '62600262235',
      acn: null,
      name: 'QUILL, MORGAN',
      names: [],
      status: 'Registered',
      asOf: null,
      data: {
        auditor_number: '100990006',
        registration_date: '2013-07-01',
        suspension_start_date: null,
        suspension_end_date: null,
        capacity: null,
        firm_name: 'SANDBOX AUDIT SERVICES PTY LTD',
        locality: 'MELBOURNE',
        state: 'VIC',
        postcode: '3000',
        conditions: [
          { condition: 'Standard conditions', detail: 'Comply with auditing and assurance standards' },
          { condition: 'Continuing professional development', detail: 'Complete 8 hours of "relevant" CPD' },
          { condition: 'Practice review', detail: 'Undergo a review by 30/06/2026' },
        ],
      },
    };
    assert.deepEqual(items, [
      { kind: 'record', line: 2, record: quill },
      {
        kind: 'record',
        line: 4,
        record: {
          key: '100990016',
          abn: '27600990905',
          acn: null,
          name: 'Kai Bransby',
          names: [],
          status: 'Registered',
          asOf: null,
          data: {
            auditor_number: '100990016',
            registration_date: '2014-11-15',
            suspension_start_date: null,
            suspension_end_date: null,
            capacity: null,
            firm_name: null,
            locality: 'TOWNSVILLE',
            state: 'QLD',
            postcode: '4810',
            conditions: [],
          },
        },
      },
    ]);
  });

  it('reads a Windows-1252 name with BOM; rejects a row with no number or too few fields', async () => {
    const items = await parse(
      Buffer.from([0xef, 0xbb, 0xbf]),
      `${HEADER}\n`,
      'SMSF Auditor\t100990026\tRen',
      Buffer.from([0xe9]),
      ' Okonjo\tCancelled\t0\t01/07/2013\t\t\t\t\t\tBALLARAT\tVIC\t3350\n',
      'SMSF Auditor\t\tNo Number\tRegistered\t\t\t\t\t\t\t\t\t\t\n',
      'SMSF Auditor\t100990036\n',
    );
    assert.deepEqual(
      records(items).map((r) => [r.key, r.name, r.abn, r.status]),
      [['100990026', 'René Okonjo', null, 'Cancelled']],
    );
    assert.deepEqual(
      items.filter((i) => i.kind === 'rejected'),
      [
        { kind: 'rejected', line: 3, reason: 'no SMSF_NUM' },
        { kind: 'rejected', line: 4, reason: '2 fields where the header has 14' },
      ],
    );
  });

  it('a header without SMSF_STATUS is a FormatError', async () => {
    await assert.rejects(parse(HEADER.replace('SMSF_STATUS', 'STATUS'), '\n'), FormatError);
  });
});

describe('smsf-auditors diff', () => {
  const registered: SourceRecord = {
    key: '100990006',
    abn: '62600262235',
    acn: null,
    name: 'QUILL, MORGAN',
    names: [],
    status: 'Registered',
    asOf: null,
    data: { auditor_number: '100990006', conditions: [] },
  };
  const entity = { abn: '62600262235', acn: null, name: 'QUILL, MORGAN' };

  it('suspension, registration and removal are registration changes', () => {
    assert.deepEqual(adapter.diff(registered, { ...registered, status: 'Suspended' }), [
      {
        type: 'professional_registration_change',
        entity,
        changes: [{ field: 'registration_status', old: 'Registered', new: 'Suspended' }],
      },
    ]);
    assert.deepEqual(adapter.diff(null, registered)[0]?.changes, [
      { field: 'auditor_number', old: null, new: '100990006' },
      { field: 'registration_status', old: null, new: 'Registered' },
    ]);
    assert.equal(adapter.diff(registered, null)[0]?.changes[1]?.new, null);
  });

  it('no change, or new conditions only, is no event', () => {
    assert.deepEqual(adapter.diff(registered, { ...registered }), []);
    const conditions = [{ condition: 'Practice review', detail: null }];
    assert.deepEqual(
      adapter.diff(registered, { ...registered, data: { ...registered.data, conditions } }),
      [],
    );
  });
});

describe('smsf-auditors sandbox files', () => {
  it('QUILL, MORGAN has two conditions and goes from Registered to Suspended in next/', async () => {
    const base = records(await collect(createReadStream('fixtures/sandbox/smsf-auditors.csv')));
    const next = records(await collect(createReadStream('fixtures/sandbox/next/smsf-auditors.csv')));
    const quill = base.find((r) => r.key === '100990006');
    assert.deepEqual(
      [quill?.name, quill?.abn, quill?.status],
      ['QUILL, MORGAN', '62600262235', 'Registered'],
    );
    assert.equal((quill?.data.conditions as unknown[] | undefined)?.length, 2);
    const events = base.flatMap((b) => adapter.diff(b, next.find((n) => n.key === b.key) ?? null));
    assert.deepEqual(events, [
      {
        type: 'professional_registration_change',
        entity: { abn: '62600262235', acn: null, name: 'QUILL, MORGAN' },
        changes: [{ field: 'registration_status', old: 'Registered', new: 'Suspended' }],
      },
    ]);
  });
});
