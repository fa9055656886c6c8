import type { Readable } from 'node:stream';
import type { DetectedChange } from '../../events/types.ts';
import { dataField, diffWatched, type Watched } from '../asic-professional.ts';
import { readTable } from '../tabular.ts';
import { defineRegister, type ParseItem, type SourceRecord } from '../types.ts';
import { realign } from './realign.ts';
import { type Appointment, toAppointment, toRecord } from './to-record.ts';

/**
 * ASIC Financial Advisers Register (docs/registers.md §8.5). Rows are appointments and an adviser's rows
 * need not be adjacent, so they are gathered by adviser number over the whole file (tens of
 * thousands of advisers: small enough to hold) and the records come out after the last row, each
 * on the line of the adviser's first row.
 */
async function* parse(input: Readable, context: { fileName: string }): AsyncIterable<ParseItem> {
  const rows = readTable(input, {
    fileName: context.fileName,
    required: ['ADV_NAME', 'ADV_NUMBER', 'ADV_ROLE_STATUS', 'ADV_ABN', 'LICENCE_NUMBER'],
    delimiter: 'tab',
    ragged: true,
  });
  const advisers = new Map<string, { line: number; appointments: Appointment[] }>();
  for await (const item of rows) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const row = realign(item.fields, item.header);
    const appointment = typeof row === 'string' ? row : toAppointment(row);
    if (typeof appointment === 'string') {
      yield { kind: 'rejected', line: item.line, reason: appointment };
      continue;
    }
    const adviser = advisers.get(appointment.adviserNumber);
    if (adviser) adviser.appointments.push(appointment);
    else advisers.set(appointment.adviserNumber, { line: item.line, appointments: [appointment] });
  }
  for (const { line, appointments } of advisers.values()) {
    yield { kind: 'record', record: toRecord(appointments), line };
  }
}

const WATCHED: Watched[] = [
  { field: 'adviser_number', value: dataField('adviser_number') },
  { field: 'role_status', value: dataField('role_status') },
  { field: 'registration_status', value: dataField('registration_status') },
];

/** A status change, the adviser appearing or going, and a disciplinary action not there before. */
function diff(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  const events = diffWatched('professional_registration_change', before, after, WATCHED);
  if (!before || !after) return events;
  const old = (before.data.disciplinary_actions ?? []) as unknown[];
  const now = (after.data.disciplinary_actions ?? []) as unknown[];
  const known = new Set(old.map((a) => JSON.stringify(a)));
  if (!now.some((a) => !known.has(JSON.stringify(a)))) return events;
  const change = { field: 'disciplinary_actions', old, new: now };
  const event = events[0];
  if (event) event.changes.push(change);
  else
    events.push({
      type: 'professional_registration_change',
      entity: { abn: after.abn, acn: after.acn, name: after.name },
      changes: [change],
    });
  return events;
}

export const adapter = defineRegister({
  dataset: 'financial-advisers',
  title: 'ASIC Financial Advisers Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'professional_registrations.financial_adviser',
  events: ['professional_registration_change'],
});
