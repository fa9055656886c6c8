import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../src/accounts/create-account.ts';
import type { Caller } from '../src/ctx.ts';
import { fromMicros, storedTime, toMicros } from '../src/events/event-clock.ts';
import { recordChanges } from '../src/events/record-changes.ts';
import { newId } from '../src/ids.ts';
import type { Db } from '../src/store/db.ts';
import { insertDelivery } from '../src/store/deliveries.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { listChanges } from '../src/watch/list-changes.ts';
import { createSubscription } from '../src/watch/subscriptions.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

const ENTITY = '44600110236';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = () => new Date();

/** One change event and its fan-out, with the transaction held open a while after the times are chosen. */
async function writeEvent(db: Db, holdMs: number): Promise<string[]> {
  return createStore(db).transaction(async (tx) => {
    const ids = await recordChanges(tx, {
      clock,
      changes: [
        {
          type: 'name_change',
          entity: { abn: ENTITY, acn: null, name: 'ORDERING TEST' },
          changes: [{ field: 'entity_name', old: 'A', new: 'B' }],
        },
      ],
      register: { dataset: 'test', source: 'test' },
      partition: 'sandbox',
      asOf: null,
      ingestId: null,
    });
    await sleep(holdMs);
    return ids;
  });
}

describe('delivery times and polling across concurrent writers', () => {
  let settings: TestStoreSettings;
  let writers: Db[];
  let reader: Db;
  let caller: Caller;
  const config = { allowPrivateWebhooks: true } as Parameters<typeof createSubscription>[0]['ctx']['config'];

  before(async () => {
    settings = await testStoreSettings();
    const first = await openDb(settings);
    // PostgreSQL: two pools, as two server processes or hosts would have. SQLite: one connection
    // per process, and a second in-process connection that writes would wait on the file lock
    // with the event loop blocked, so both writers share one (the poller reads on its own).
    writers = [first, testEngine() === 'postgres' ? await openDb(settings) : first];
    reader = await openDb(settings);
    const account = await createAccount({
      ctx: { store: createStore(first), clock },
      input: { name: 'ordering' },
    });
    caller = { accountId: account.id, keyId: 'key_test', mode: 'test', partition: 'sandbox' };
    for (const path of ['/a', '/b']) {
      await createSubscription({
        ctx: { store: createStore(first), clock, caller, config },
        input: { entities: [ENTITY], events: ['name_change'], webhook_url: `https://example.com${path}` },
      });
    }
  });
  after(async () => {
    for (const db of new Set([...writers, reader])) await db.close();
    await settings.cleanup();
  });

  /** Pages the way a client does: `since` is the last cursor (or the last entry of the final page). */
  const poller = () => {
    let cursor = '1970-01-01T00:00:00Z';
    const seen: string[] = [];
    return {
      seen,
      poll: async () => {
        for (;;) {
          const page = await listChanges({
            ctx: { store: createStore(reader), caller },
            input: { id: ENTITY, since: cursor, limit: 7 },
          });
          seen.push(...page.changes.map((c) => c.event_id));
          cursor = page.next_cursor ?? page.changes.at(-1)?.created_at ?? cursor;
          if (!page.next_cursor) return;
        }
      },
    };
  };

  it('a poller paging with since = next_cursor throughout sees every delivery exactly once', async () => {
    const p = poller();
    const written: string[] = [];
    let writing = true;
    const writer = async (db: Db) => {
      for (let i = 0; i < 40; i++) written.push(...(await writeEvent(db, Math.floor(Math.random() * 6))));
    };
    const polling = (async () => {
      while (writing) {
        await p.poll();
        await sleep(1);
      }
    })();
    await Promise.all(writers.map(writer));
    writing = false;
    await polling;
    await p.poll();
    assert.equal(written.length, 160);
    assert.equal(new Set(p.seen).size, p.seen.length, 'no entry seen twice');
    assert.deepEqual([...p.seen].sort(), [...written].sort(), 'no entry skipped');
  });

  it('a new delivery is timed after the latest stored one, even one from a clock running ahead', async () => {
    const ahead = fromMicros(toMicros(storedTime(new Date())) + 3_600_000_000n); // an hour ahead
    const sub = await reader.get<{ id: string }>('SELECT id FROM subscriptions LIMIT 1');
    await insertDelivery(writers[0] as Db, {
      id: newId('evt'),
      account_id: caller.accountId,
      partition: 'sandbox',
      subscription_id: sub?.id ?? '',
      change_event_id: newId('evt'),
      type: 'name_change',
      entity_abn: ENTITY,
      entity_acn: null,
      payload: '{}',
      created_at: ahead,
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      next_attempt_at: null,
      locked_until: null,
      last_error: null,
    });
    const ids = await writeEvent(writers[1] as Db, 0);
    const page = await listChanges({
      ctx: { store: createStore(reader), caller },
      input: { id: ENTITY, since: ahead, limit: 10 },
    });
    assert.deepEqual(page.changes.map((c) => c.event_id).sort(), [...ids].sort());
    const times = page.changes.map((c) => c.created_at);
    assert.equal(times[0], fromMicros(toMicros(ahead) + 1n), 'one microsecond after the latest');
    assert.equal(times[1], fromMicros(toMicros(ahead) + 2n));
  });

  it('stored times round-trip through microseconds', () => {
    for (const t of [
      '2026-11-22T23:00:00.123456Z',
      '1999-12-31T23:59:59.999999Z',
      '2026-01-01T00:00:00.000000Z',
    ]) {
      assert.equal(fromMicros(toMicros(t)), t);
    }
    assert.equal(fromMicros(toMicros('2026-11-22T23:00:00.999999Z') + 1n), '2026-11-22T23:00:01.000000Z');
  });
});
