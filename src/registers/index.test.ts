import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EVENT_TYPES } from '../events/types.ts';
import {
  ADAPTERS,
  DATASETS,
  IDENTITY_DATASETS,
  identityRegister,
  isDataset,
  REGISTERS,
  registerFor,
  SCREENING_LISTS,
} from './index.ts';
import { type RegisterAdapter, type ResolveSlot, SCREENING_LIST_ORDER } from './types.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const registers: readonly RegisterAdapter[] = REGISTERS;

describe('the register registry', () => {
  it('names each register once, with its own folder and a sandbox fixture', () => {
    assert.equal(new Set(DATASETS).size, registers.length);
    const sandbox = readdirSync(here('../../fixtures/sandbox/'));
    for (const r of registers) {
      assert.equal(ADAPTERS[r.dataset as keyof typeof ADAPTERS], r);
      assert.ok(isDataset(r.dataset));
      assert.ok(existsSync(here(`./${r.dataset}/parse.ts`)), `${r.dataset} has a folder with parse.ts`);
      assert.ok(
        sandbox.some((f) => f === r.dataset || f.startsWith(`${r.dataset}.`)),
        `${r.dataset} has a sandbox fixture`,
      );
    }
    assert.ok(!isDataset('constructor'), 'only registered names are datasets');
  });

  it('has one identity register per identifier, among the datasets that join an entity', () => {
    assert.equal(identityRegister('abn').dataset, 'abr-bulk');
    assert.equal(identityRegister('acn').dataset, 'asic-companies');
    assert.deepEqual([...IDENTITY_DATASETS].sort(), ['abr-bulk', 'asic-companies']);
  });

  it('fills each place of a resolve candidate from exactly one register', () => {
    const slots = registers.flatMap((r) => (r.resolve ? [r.resolve] : []));
    assert.equal(new Set(slots).size, slots.length, 'no place is filled twice');
    for (const slot of slots) assert.equal(registerFor(slot as ResolveSlot).resolve, slot);
    assert.throws(() => registerFor('no.such_slot' as ResolveSlot), /exactly one/);
  });

  it('lists each screening list once, in the order responses show them', () => {
    assert.deepEqual(
      SCREENING_LISTS.map((l) => l.list),
      [...SCREENING_LIST_ORDER],
    );
    for (const l of SCREENING_LISTS) assert.ok(l.maxAgeDays > 0, `${l.list} has a freshness limit`);
  });

  it('gives the sandbox one example of every event type, from a register that raises it', () => {
    for (const type of EVENT_TYPES) {
      const examples = registers.filter((r) => r.sandboxExamples?.[type]);
      assert.equal(examples.length, 1, `${type}: one example`);
      assert.ok(examples[0]?.events?.includes(type), `${type} is among ${examples[0]?.dataset}'s events`);
    }
    for (const r of registers) {
      if (r.nameMatchEvent)
        assert.ok(r.events?.includes(r.nameMatchEvent), `${r.dataset} declares its match event`);
    }
  });
});
