import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { describe, it } from 'node:test';
import { checkWebhookUrl, hostVerdicts, type Lookup } from './ssrf-guard.ts';

/** A resolver whose answers the test changes, counting the questions. */
function switchableLookup(initial: Record<string, string[]>) {
  const table = { ...initial };
  const asked: string[] = [];
  const lookup: Lookup = async (hostname) => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked, table };
}

describe('remembered DNS verdicts', () => {
  it('an allowed host is not resolved again until its verdict expires', async () => {
    let now = 1_000;
    const verdicts = hostVerdicts({ ttlMs: 30_000, now: () => now });
    const dns = switchableLookup({ 'hooks.example.com': ['93.184.216.34'] });
    const check = (url: string) =>
      checkWebhookUrl(url, { allowPrivate: false, lookup: dns.lookup, verdicts });
    assert.equal((await check('https://hooks.example.com/a')).ok, true);
    assert.equal((await check('https://hooks.example.com/b?x=1')).ok, true);
    assert.deepEqual(dns.asked, ['hooks.example.com'], 'one lookup for the host, whatever the path');
    // The host now resolves somewhere internal: once the verdict expires, that is seen.
    dns.table['hooks.example.com'] = ['10.0.0.7'];
    now += 30_001;
    assert.deepEqual(await check('https://hooks.example.com/a'), {
      ok: false,
      reason: 'webhook_url host hooks.example.com must resolve to public addresses only, and does not',
    });
    assert.equal(dns.asked.length, 2);
  });

  it('a refusal or a failed lookup is never remembered, let alone as an allowance', async () => {
    const verdicts = hostVerdicts();
    const dns = switchableLookup({ 'inside.example.com': ['127.0.0.1'] });
    const check = () =>
      checkWebhookUrl('https://inside.example.com/h', { allowPrivate: false, lookup: dns.lookup, verdicts });
    for (let i = 0; i < 3; i++) assert.equal((await check()).ok, false);
    assert.equal(dns.asked.length, 3, 'each refused check resolves again');
    assert.equal(verdicts.isPublic('inside.example.com'), false);
    const gone = () =>
      checkWebhookUrl('https://gone.example.com/h', { allowPrivate: false, lookup: dns.lookup, verdicts });
    assert.equal((await gone()).ok, false);
    assert.equal(verdicts.isPublic('gone.example.com'), false);
    // Mixed answers are a refusal too.
    dns.table['mixed.example.com'] = ['93.184.216.34', '169.254.169.254'];
    const mixed = await checkWebhookUrl('https://mixed.example.com/h', {
      allowPrivate: false,
      lookup: dns.lookup,
      verdicts,
    });
    assert.equal(mixed.ok, false);
    assert.equal(verdicts.isPublic('mixed.example.com'), false);
  });

  it('a remembered host still needs an https URL without credentials', async () => {
    const verdicts = hostVerdicts();
    verdicts.markPublic('hooks.example.com');
    const options = { allowPrivate: false, lookup: switchableLookup({}).lookup, verdicts };
    assert.equal((await checkWebhookUrl('http://hooks.example.com/h', options)).ok, false);
    assert.equal((await checkWebhookUrl('https://u:p@hooks.example.com/h', options)).ok, false);
    assert.equal((await checkWebhookUrl('https://hooks.example.com/h', options)).ok, true);
  });

  it('keeps at most `max` hosts, dropping the oldest', () => {
    const verdicts = hostVerdicts({ max: 2 });
    verdicts.markPublic('a.example.com');
    verdicts.markPublic('b.example.com');
    verdicts.markPublic('c.example.com');
    assert.deepEqual(
      ['a', 'b', 'c'].map((h) => verdicts.isPublic(`${h}.example.com`)),
      [false, true, true],
    );
  });
});
