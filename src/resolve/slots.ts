import type { RegistersState } from '../entities/registers-state.ts';
import { registerFor } from '../registers/index.ts';
import type { ResolveSlot } from '../registers/types.ts';
import type { EntityRecord } from '../store/entity-records.ts';

/**
 * A candidate's records and registers by the place they fill (`licensing.afs_licensee`), as each
 * register declares it in the registry, so resolve never names a dataset itself.
 */
export function slots(records: EntityRecord[], state: RegistersState) {
  const datasetOf = (slot: ResolveSlot) => registerFor(slot).dataset;
  return {
    records: (slot: ResolveSlot) => {
      const dataset = datasetOf(slot);
      return records.filter((r) => r.dataset === dataset);
    },
    loaded: (slot: ResolveSlot) => state.loaded(datasetOf(slot)),
    /** The as-of date of the register's loaded copy. */
    asOf: (slot: ResolveSlot) => state.asOf(datasetOf(slot)),
  };
}
