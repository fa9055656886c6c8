import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from './config.ts';
import type { Store } from './store/store.ts';

export type KeyMode = 'test' | 'live';
/** Every stored row belongs to one: test keys read and write `sandbox`, live keys `live`. */
export type Partition = 'sandbox' | 'live';

export type Caller = { accountId: string; keyId: string; mode: KeyMode; partition: Partition };

/** What every verb receives: the store, the clock and the caller; nothing global. */
export type Ctx = { store: Store; clock: () => Date; log: Logger; config: Config };
export type CallerCtx = Ctx & { caller: Caller };

export const partitionOf = (mode: KeyMode): Partition => (mode === 'test' ? 'sandbox' : 'live');
