import { decimal, tildeList, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

/**
 * A licence appearing (granted) or leaving the current-only file (cancelled, suspended or
 * surrendered) is a licensing change for its holder, and so is any change to its conditions.
 */
const WATCHED: Watched[] = [
  { field: 'licence_number', value: (r) => r.key },
  { field: 'licence_status', value: (r) => r.status },
  { field: 'conditions', value: (r) => r.data.conditions, changesOnly: true },
];

/**
 * ASIC AFS Licensee dataset (docs/registers.md §8.1): comma CSV with quoting, current licensees only, so
 * there is no status column and every record is `Current`. AFS_LIC_LAT/LNG are read when present:
 * a 2026 capture lacked them [U].
 */
const { parse, diff } = professionalRegister({
  required: ['AFS_LIC_NUM', 'AFS_LIC_NAME', 'AFS_LIC_ABN_ACN', 'AFS_LIC_START_DT'],
  key: { licence_number: 'AFS_LIC_NUM' },
  unkeyed: 'no AFS_LIC_NUM',
  name: { column: 'AFS_LIC_NAME', noun: 'licence' },
  identifiers: { abnOrAcn: 'AFS_LIC_ABN_ACN' },
  status: () => 'Current',
  fields: {
    start_date: ['AFS_LIC_START_DT', dmyToIso],
    pre_fsr: ['AFS_LIC_PRE_FSR', tildeList],
    locality: ['AFS_LIC_ADD_LOCAL', clean],
    state: ['AFS_LIC_ADD_STATE', clean],
    postcode: ['AFS_LIC_ADD_PCODE', clean],
    // `International` = outside Australia; blank = ASIC did not validate the address.
    country: ['AFS_LIC_ADD_COUNTRY', clean],
    latitude: ['AFS_LIC_LAT', decimal],
    longitude: ['AFS_LIC_LNG', decimal],
    conditions: ['AFS_LIC_CONDITION', tildeList],
  },
  watched: WATCHED,
  event: 'licensing_change',
});

export const adapter = defineRegister({
  dataset: 'afs-licensees',
  title: 'ASIC AFS Licensee Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'licensing.afs_licensee',
  events: ['licensing_change'],
  sandboxExamples: {
    licensing_change: () => [{ field: 'licence_status', old: 'Current', new: 'Cancelled' }],
  },
});
