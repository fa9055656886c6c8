import type { SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso } from '../values.ts';

/** One row of the file: one adviser's appointment under one licensee (docs/registers.md §8.5). */
export type Appointment = {
  adviserNumber: string;
  name: string;
  abn: string | null;
  role: string | null;
  subType: string | null;
  roleStatus: string | null;
  registrationStatus: string | null;
  firstProvidedAdvice: number | null;
  licenceName: string | null;
  licenceNumber: string | null;
  licenceAbn: string | null;
  startDate: string | null;
  endDate: string | null;
  disciplinaryAction: DisciplinaryAction | null;
  qualifications: string | null;
  memberships: string | null;
  /** Free text whose TABs could not be placed: which columns it spans, and the text whole. */
  unaligned: { columns: string[]; text: string } | null;
  locality: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
};

export type DisciplinaryAction = {
  type: string | null;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
};

/** Reads one re-aligned row (upper-case header names), or says why it cannot be an appointment. */
export function toAppointment(row: Record<string, string>): Appointment | string {
  const v = (name: string) => clean(row[name]);
  const adviserNumber = v('ADV_NUMBER');
  if (!adviserNumber) return 'no ADV_NUMBER';
  const name = v('ADV_NAME');
  if (!name) return `adviser ${adviserNumber} has no name`;
  const da: DisciplinaryAction = {
    type: v('ADV_DA_TYPE'),
    description: v('ADV_DA_DESCRIPTION'),
    start_date: dmyToIso(row.ADV_DA_START_DT),
    end_date: dmyToIso(row.ADV_DA_END_DT),
  };
  const year = v('ADV_FIRST_PROVIDED_ADVICE');
  return {
    adviserNumber,
    name,
    abn: abnOrNull(row.ADV_ABN),
    role: v('ADV_ROLE'),
    subType: v('ADV_SUB_TYPE'),
    roleStatus: v('ADV_ROLE_STATUS'),
    registrationStatus: v('OVERALL_REGISTRATION_STATUS'),
    firstProvidedAdvice: year && /^\d{4}$/.test(year) ? Number(year) : null,
    licenceName: v('LICENCE_NAME'),
    licenceNumber: v('LICENCE_NUMBER'),
    licenceAbn: abnOrNull(row.LICENCE_ABN),
    startDate: dmyToIso(row.ADV_START_DT),
    endDate: dmyToIso(row.ADV_END_DT),
    disciplinaryAction: da.type || da.description || da.start_date ? da : null,
    qualifications: v('QUALIFICATIONS_AND_TRAINING'),
    memberships: v('MEMBERSHIPS'),
    unaligned: row.UNALIGNED_COLUMNS
      ? { columns: row.UNALIGNED_COLUMNS.split(','), text: clean(row.UNALIGNED_TEXT) ?? '' }
      : null,
    locality: v('ADV_ADD_LOCAL'),
    state: v('ADV_ADD_STATE'),
    postcode: v('ADV_ADD_PCODE'),
    country: v('ADV_ADD_COUNTRY'),
  };
}

/**
 * The file has a row per appointment (89,060 rows for about 42,000 advisers in 2026), current and
 * ceased, but an adviser is one record keyed by adviser number: the main fields come from the
 * current appointment (the latest-starting one if several; the latest of all if none is current),
 * every appointment is listed, and disciplinary actions are gathered from all rows.
 */
export function toRecord(appointments: readonly Appointment[]): SourceRecord {
  const main = mainAppointment(appointments);
  const actions: DisciplinaryAction[] = [];
  const seen = new Set<string>();
  for (const a of appointments) {
    const key = JSON.stringify(a.disciplinaryAction);
    if (a.disciplinaryAction && !seen.has(key)) {
      seen.add(key);
      actions.push(a.disciplinaryAction);
    }
  }
  return {
    key: main.adviserNumber,
    abn: main.abn ?? appointments.find((a) => a.abn)?.abn ?? null,
    acn: null,
    name: main.name,
    names: [],
    status: main.roleStatus ?? main.registrationStatus,
    asOf: null,
    data: {
      adviser_number: main.adviserNumber,
      role: main.role,
      sub_type: main.subType,
      role_status: main.roleStatus,
      registration_status: main.registrationStatus,
      licence_name: main.licenceName,
      licence_number: main.licenceNumber,
      licence_abn: main.licenceAbn,
      start_date: main.startDate,
      end_date: main.endDate,
      first_provided_advice: main.firstProvidedAdvice,
      disciplinary_actions: actions,
      qualifications: main.qualifications,
      memberships: main.memberships,
      // Only on the rare row whose embedded TABs could not be placed (see realign.ts).
      ...(main.unaligned ? { free_text_unaligned: main.unaligned } : {}),
      locality: main.locality,
      state: main.state,
      postcode: main.postcode,
      country: main.country,
      appointments: appointments.map((a) => ({
        licence_number: a.licenceNumber,
        licence_name: a.licenceName,
        role: a.role,
        sub_type: a.subType,
        status: a.roleStatus,
        start_date: a.startDate,
        end_date: a.endDate,
      })),
    },
  };
}

function mainAppointment(appointments: readonly Appointment[]): Appointment {
  const current = appointments.filter((a) => a.roleStatus === 'Current');
  const pool = current.length > 0 ? current : appointments;
  let best = pool[0] as Appointment;
  for (const a of pool) if ((a.startDate ?? '') > (best.startDate ?? '')) best = a;
  return best;
}
