import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { BlockedAddressError, checkWebhookUrl, guardedDispatcher, type Lookup } from './ssrf-guard.ts';

/** A resolver that answers from a table and fails like getaddrinfo for anything else. */
function fakeLookup(table: Record<string, string[]>): Lookup {
  return async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const noLookup: Lookup = async () => assert.fail('an IP literal must not be resolved');

// [address, the label in the reason]
const NON_PUBLIC: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.45.6.7', 'loopback'],
  ['::1', 'loopback'],
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['198.18.0.1', 'reserved'], // benchmarking 198.18/15
  ['198.19.255.254', 'reserved'],
  ['192.0.2.10', 'reserved'], // documentation TEST-NET-1..3
  ['198.51.100.10', 'reserved'],
  ['203.0.113.10', 'reserved'],
  ['2001:db8::1', 'reserved'], // documentation
  ['2001:2::1', 'benchmarking'],
  ['::7f00:1', 'non-public'], // IPv4-compatible ::127.0.0.1, outside 2000::/3
  ['64:ff9b::a00:1', 'non-public'], // NAT64 prefix embedding 10.0.0.1
];

// IPv4-mapped IPv6 is judged by the IPv4 address inside it.
const MAPPED: [string, string, string][] = [
  ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
  ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
  ['::ffff:10.0.0.1', 'private', '10.0.0.1'],
  ['::ffff:a9fe:a9fe', 'link-local', '169.254.169.254'],
];

const PUBLIC = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '198.20.0.1', '2606:4700::1111'];

const literal = (ip: string) => (ip.includes(':') ? `https://[${ip}]/hook` : `https://${ip}/hook`);

describe('checkWebhookUrl: IP literals', () => {
  for (const [ip, label] of NON_PUBLIC) {
    it(`rejects ${ip} (${label})`, async () => {
      const result = await checkWebhookUrl(literal(ip), { allowPrivate: false, lookup: noLookup });
      assert.equal(result.ok, false);
      assert.match(
        result.ok ? '' : result.reason,
        new RegExp(`^webhook_url points to an? ${label} address \\(`),
      );
    });
  }
  for (const [ip, label, inner] of MAPPED) {
    it(`rejects IPv4-mapped ${ip} as ${label} ${inner}`, async () => {
      const result = await checkWebhookUrl(literal(ip), { allowPrivate: false, lookup: noLookup });
      assert.deepEqual(result, { ok: false, reason: `webhook_url points to a ${label} address (${inner})` });
    });
  }
  // WHATWG URL normalises these to dotted decimal before we look at them.
  for (const host of ['2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '017700000001', '127.1']) {
    it(`rejects the IPv4 spelling ${host}`, async () => {
      const result = await checkWebhookUrl(`https://${host}/`, { allowPrivate: false, lookup: noLookup });
      assert.deepEqual(result, { ok: false, reason: 'webhook_url points to a loopback address (127.0.0.1)' });
    });
  }
  for (const ip of PUBLIC) {
    it(`accepts public ${ip}`, async () => {
      const result = await checkWebhookUrl(literal(ip), { allowPrivate: false, lookup: noLookup });
      assert.equal(result.ok, true);
    });
  }
});

/** The one refusal for a hostname: it never says what the name resolved to, or whether it did. */
const NOT_PUBLIC = (host: string) => ({
  ok: false,
  reason: `webhook_url host ${host} must resolve to public addresses only, and does not`,
});

describe('checkWebhookUrl: resolved hostnames', () => {
  for (const [ip, label] of [...NON_PUBLIC, ...MAPPED.map(([m, l]): [string, string] => [m, l])]) {
    it(`rejects a host resolving to ${ip} (${label}), without naming the address or its kind`, async () => {
      const lookup = fakeLookup({ 'hooks.example.com': [ip] });
      const result = await checkWebhookUrl('https://hooks.example.com/x', { allowPrivate: false, lookup });
      assert.deepEqual(result, NOT_PUBLIC('hooks.example.com'));
    });
  }

  it('rejects a host with one public and one private address', async () => {
    const lookup = fakeLookup({ 'mixed.example.com': ['93.184.216.34', '192.168.0.10'] });
    const result = await checkWebhookUrl('https://mixed.example.com/', { allowPrivate: false, lookup });
    assert.deepEqual(result, NOT_PUBLIC('mixed.example.com'));
  });

  it('accepts a host whose every address is public', async () => {
    const lookup = fakeLookup({ 'hooks.example.com': ['93.184.216.34', '2606:4700::1111'] });
    const result = await checkWebhookUrl('https://hooks.example.com/in?x=1', { allowPrivate: false, lookup });
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.url.href, 'https://hooks.example.com/in?x=1');
  });

  it('rejects a host that does not resolve', async () => {
    const result = await checkWebhookUrl('https://nowhere.example/', {
      allowPrivate: false,
      lookup: fakeLookup({}),
    });
    assert.deepEqual(result, NOT_PUBLIC('nowhere.example'), 'the same answer as for a private address');
  });
});

describe('checkWebhookUrl: scheme, credentials and allowPrivate', () => {
  const lookup = fakeLookup({ 'hooks.example.com': ['93.184.216.34'], localhost: ['127.0.0.1'] });

  it('rejects http without allowPrivate', async () => {
    const result = await checkWebhookUrl('http://hooks.example.com/', { allowPrivate: false, lookup });
    assert.deepEqual(result, { ok: false, reason: 'webhook_url must use https' });
  });

  it('rejects other schemes even with allowPrivate', async () => {
    const result = await checkWebhookUrl('ftp://hooks.example.com/', { allowPrivate: true, lookup });
    assert.deepEqual(result, { ok: false, reason: 'webhook_url must use http or https' });
  });

  it('rejects something that is not a URL', async () => {
    const result = await checkWebhookUrl('hooks.example.com/in', { allowPrivate: false, lookup });
    assert.deepEqual(result, { ok: false, reason: 'webhook_url is not a valid URL' });
  });

  for (const url of ['https://user:pw@hooks.example.com/', 'https://user@hooks.example.com/']) {
    it(`rejects credentials in ${url}`, async () => {
      const result = await checkWebhookUrl(url, { allowPrivate: false, lookup });
      assert.deepEqual(result, { ok: false, reason: 'webhook_url must not contain credentials' });
    });
  }

  it('rejects credentials even with allowPrivate', async () => {
    const result = await checkWebhookUrl('http://u:p@localhost:3000/', { allowPrivate: true, lookup });
    assert.deepEqual(result, { ok: false, reason: 'webhook_url must not contain credentials' });
  });

  it('allows http and loopback with allowPrivate', async () => {
    for (const url of [
      'http://localhost:3000/hook',
      'http://127.0.0.1:3000/',
      'https://[::1]/',
      'http://10.0.0.5/',
    ]) {
      const result = await checkWebhookUrl(url, { allowPrivate: true, lookup });
      assert.equal(result.ok, true, url);
    }
  });
});

describe('guardedDispatcher', () => {
  let server: http.Server;
  let port: number;
  before(async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function send(url: string, allowPrivate: boolean) {
    const dispatcher = guardedDispatcher({ allowPrivate });
    try {
      return await request(url, { dispatcher });
    } finally {
      await dispatcher.close();
    }
  }

  it('refuses to connect to a hostname that resolves to loopback', async () => {
    await assert.rejects(send(`http://localhost:${port}/`, false), (err: Error) => {
      assert.ok(err instanceof BlockedAddressError, `got ${err.name}: ${err.message}`);
      assert.match(err.message, /^refused to connect: localhost resolves to a loopback address/);
      return true;
    });
  });

  it('refuses to connect to a loopback IP literal (net.connect skips lookup for those)', async () => {
    await assert.rejects(send(`http://127.0.0.1:${port}/`, false), {
      name: 'BlockedAddressError',
      message: 'refused to connect: 127.0.0.1 is a loopback address (127.0.0.1)',
    });
  });

  it('refuses when the resolver answers differently at send time (rebinding)', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const lookup: Lookup = async () => (answers.shift() ?? []).map((address) => ({ address, family: 4 }));
    const checked = await checkWebhookUrl(`https://rebind.example/`, { allowPrivate: false, lookup });
    assert.equal(checked.ok, true);
    const dispatcher = guardedDispatcher({ allowPrivate: false, lookup });
    try {
      await assert.rejects(request(`http://rebind.example:${port}/`, { dispatcher }), {
        name: 'BlockedAddressError',
      });
    } finally {
      await dispatcher.close();
    }
  });

  it('connects to loopback with allowPrivate', async () => {
    const response = await send(`http://localhost:${port}/`, true);
    assert.equal(response.statusCode, 200);
    assert.equal(await response.body.text(), 'ok');
  });
});
