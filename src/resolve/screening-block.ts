import type { RegistersState } from '../entities/registers-state.ts';
import { identityRegister } from '../registers/index.ts';
import type { ScreenResponse } from '../screen/schemas.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { Candidate } from './schemas.ts';
import { slots } from './slots.ts';

export function emptyScreening(): Candidate['screening'] {
  const notComputed = 'Not computed: screening was not in `include`.';
  return {
    dfat_sanctions: { status: 'unavailable', checked_as_of: null, note: notComputed },
    asic_banned_org: { status: 'unavailable', matched_on: null, checked_as_of: null, note: notComputed },
    asic_banned_person: { note: notComputed },
    external_administration: { source: 'asic', checked_as_of: null, note: notComputed },
    bankruptcy_petition: { note: notComputed },
    austrac_reporting_entity: { source: 'austrac', checked_as_of: null, note: notComputed },
  };
}

/** The screen result in the resolve candidate's shape (docs/decisions.md, contract summary §2.8). */
export function screeningBlock(
  screen: ScreenResponse,
  records: EntityRecord[],
  state: RegistersState,
): Candidate['screening'] {
  const { dfat_sanctions: dfat, asic_banned_org: org, asic_banned_person: person } = screen.results;
  const { records: inSlot, asOf } = slots(records, state);
  const asicDataset = identityRegister('acn').dataset;
  const asic = records.find((r) => r.dataset === asicDataset);
  const appointments = inSlot('screening.external_administration');
  const austrac = inSlot('screening.austrac_reporting_entity');
  const bankruptcies = inSlot('screening.bankruptcy_petition');
  const insolvencyAsOf = asOf('screening.external_administration');
  const austracAsOf = asOf('screening.austrac_reporting_entity');
  return {
    dfat_sanctions: { status: dfat.status, checked_as_of: dfat.checked_as_of, note: dfat.note },
    asic_banned_org: {
      status: org.status,
      matched_on: org.matches[0] ? `${org.matches[0].matched_on}: ${org.matches[0].list_entry.name}` : null,
      checked_as_of: org.checked_as_of,
      note: org.note,
    },
    asic_banned_person: {
      note: `${person.status}: ${person.note}${person.matches.length ? ` Matched: ${person.matches.map((m) => m.list_entry.name).join('; ')}.` : ''}`,
    },
    external_administration: {
      source: 'asic',
      checked_as_of: insolvencyAsOf ? `${insolvencyAsOf}T00:00:00Z` : null,
      note: appointments.length
        ? `In external administration: ${appointments.map((a) => `${a.data.appointment_type} from ${a.data.effective_date}`).join('; ')}.`
        : asic?.status === 'EXAD'
          ? 'ASIC lists the company as under external administration (EXAD).'
          : insolvencyAsOf
            ? 'No appointment in the loaded ASIC insolvency data.'
            : 'ASIC insolvency data is not loaded: not checked.',
    },
    bankruptcy_petition: {
      note: bankruptcies.length
        ? `Recorded on the National Personal Insolvency Index: ${bankruptcies
            .map((r) => r.data.proceeding_type)
            .join('; ')}.`
        : 'The National Personal Insolvency Index has no free bulk source; only operator-loaded records are checked.',
    },
    austrac_reporting_entity: {
      source: 'austrac',
      checked_as_of: austracAsOf ? `${austracAsOf}T00:00:00Z` : null,
      note: austrac.length
        ? `On the ${austrac.map((a) => `${a.data.register} (${a.status})`).join('; ')}.`
        : austracAsOf
          ? 'Not on the loaded AUSTRAC register data.'
          : 'AUSTRAC data is not loaded: not checked.',
    },
  };
}
