import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Caller } from '../ctx.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { openSecret, sealSecret } from '../watch/secrets.ts';
import type { ErrorCase } from './route.ts';

/**
 * `Idempotency-Key` on a POST that creates (docs/decisions.md, idempotency keys), as Stripe's API and
 * the IETF draft (draft-ietf-httpapi-idempotency-key-header) have it: the first answer to a key is
 * kept for 24 hours and given again, with `Idempotent-Replayed: true`, to the same request under the
 * same key; a different request under it is a 409, and so is a second request while the first still
 * runs. Keys belong to the account and partition of the API key that sent them.
 */
const WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running request holds its key. Well past any request's own time, it only matters when
 * a server stops mid-request: the key is then free again for a retry once this has passed.
 */
const LEASE_MS = 60_000;
const KEY = /^[\x20-\x7e]{1,255}$/;

const INVALID = 'Idempotency-Key must be 1 to 255 printable ASCII characters, such as a UUID.';
const REUSED =
  'This Idempotency-Key was used in the last 24 hours for a different request (another body or endpoint). Send a new key with a new request.';
const IN_USE =
  'A request with this Idempotency-Key is still in progress. Retry after a moment to get its answer.';

const keyError = (type: 'invalid_request' | 'conflict', code: string, message: string) =>
  new AppError(type, message, { code, param: 'idempotency-key' });

/** The outcomes a route that takes the header adds to its documentation. */
export const IDEMPOTENCY_ERRORS: ErrorCase[] = [
  {
    status: 400,
    type: 'invalid_request',
    code: 'invalid_idempotency_key',
    param: 'idempotency-key',
    message: INVALID,
  },
  {
    status: 409,
    type: 'conflict',
    code: 'idempotency_key_reused',
    param: 'idempotency-key',
    message: REUSED,
  },
  {
    status: 409,
    type: 'conflict',
    code: 'idempotency_key_in_use',
    param: 'idempotency-key',
    message: IN_USE,
  },
];

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer to a key (a UUID, say) is given again, with `Idempotent-Replayed: true` and no second effect, to the same request under the same key from the same account and key mode for 24 hours. The same key with another body is a 409 `idempotency_key_reused`; while the first request runs, a 409 `idempotency_key_in_use` with `Retry-After: 1`. A request that fails leaves the key unused.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

export const IDEMPOTENT_REPLAYED_HEADER = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The same JSON, whatever the order of its objects' keys, as one text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type Answer = { result: unknown } | { replay: { status: number; body: string } };

/**
 * Runs `run` once per key, or finds the answer to replay. The key is claimed before `run` starts; a
 * failed request lets it go (our creates change nothing when they fail); a successful one stores its
 * answer, sealed like a webhook secret because a create's answer carries one.
 */
export async function answerOnce(input: {
  store: Store;
  clock: () => Date;
  log: Logger;
  secretKey: Buffer | undefined;
  caller: Caller;
  key: string;
  request: { method: string; path: string; body: unknown };
  status: number;
  onInUse: () => void;
  run: () => Promise<unknown>;
}): Promise<Answer> {
  const { store, caller, key, request } = input;
  if (!KEY.test(key)) throw keyError('invalid_request', 'invalid_idempotency_key', INVALID);
  const scope = { accountId: caller.accountId, partition: caller.partition, keyHash: sha256(key) };
  const token = randomBytes(16).toString('hex');
  const now = input.clock().getTime();
  const claim = await store.idempotencyKeys.claim({
    scope,
    requestHash: sha256(`${request.method} ${request.path}\n${canonical(request.body)}`),
    token,
    now: new Date(now).toISOString(),
    lockedUntil: new Date(now + LEASE_MS).toISOString(),
    expiredBefore: new Date(now - WINDOW_MS).toISOString(),
  });
  if (claim.kind === 'answered') {
    const { status, body } = claim.answer;
    return { replay: { status, body: openSecret(body, input.secretKey) } };
  }
  if (claim.kind === 'other_request') throw keyError('conflict', 'idempotency_key_reused', REUSED);
  if (claim.kind === 'in_flight') {
    input.onInUse();
    throw keyError('conflict', 'idempotency_key_in_use', IN_USE);
  }
  let result: unknown;
  try {
    result = await input.run();
  } catch (error) {
    // If the store cannot be reached either, the key is free again when its lease ends.
    await store.idempotencyKeys.release(scope, token).catch(() => undefined);
    throw error;
  }
  const body = sealSecret(JSON.stringify(result), input.secretKey);
  const kept = await store.idempotencyKeys
    .storeAnswer(scope, token, { status: input.status, body })
    .catch((error: unknown) => {
      // The change is made and this caller gets its answer; a retry once the lease ends would make it again.
      input.log.error({ err: error }, 'the answer to an Idempotency-Key could not be stored');
      return true;
    });
  if (!kept) input.log.warn('an Idempotency-Key passed to another request before its answer was stored');
  return { result };
}
