import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateSecret } from './secrets.ts';
import { signDelivery, signingKey } from './signing.ts';

const body = '{"id":"evt_1","type":"name_change"}';

describe('signDelivery', () => {
  it('matches a fixed vector computed with node:crypto', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const timestamp = new Date('2025-03-01T10:20:30.999Z');
    const expected = createHmac('sha256', Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'))
      .update(`evt_2x7Q.1740824430.${body}`)
      .digest('base64');
    assert.deepEqual(signDelivery({ secret, id: 'evt_2x7Q', timestamp, body }), {
      'webhook-id': 'evt_2x7Q',
      'webhook-timestamp': '1740824430',
      'webhook-signature': `v1,${expected}`,
    });
  });

  it('is accepted by the Standard Webhooks reference verifier', () => {
    const secret = generateSecret();
    const headers = signDelivery({ secret, id: 'evt_abc', timestamp: new Date(), body });
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  });

  it('fails verification under a different secret', () => {
    const headers = signDelivery({ secret: generateSecret(), id: 'evt_abc', timestamp: new Date(), body });
    assert.throws(() => new Webhook(generateSecret()).verify(body, headers), WebhookVerificationError);
  });

  it('fails verification when the body is modified', () => {
    const secret = generateSecret();
    const headers = signDelivery({ secret, id: 'evt_abc', timestamp: new Date(), body });
    assert.throws(
      () => new Webhook(secret).verify(body.replace('name_change', 'status_change'), headers),
      WebhookVerificationError,
    );
  });

  it('signs each attempt anew while the id stays the same', () => {
    const secret = generateSecret();
    const first = signDelivery({ secret, id: 'evt_abc', timestamp: new Date(1_740_000_000_000), body });
    const retry = signDelivery({ secret, id: 'evt_abc', timestamp: new Date(1_740_000_005_000), body });
    assert.equal(retry['webhook-id'], first['webhook-id']);
    assert.notEqual(retry['webhook-signature'], first['webhook-signature']);
  });

  it('is the HMAC-SHA256 of the spec for any secret, id, time and body', () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateSecret();
      const id = `evt_${i}`;
      const timestamp = new Date(1_700_000_000_000 + i * 997_013);
      const payload = JSON.stringify({ i, name: `Ünïcödé Pty Ltd ${'x'.repeat(i * 37)}`, emoji: '🦘' });
      const ours = signDelivery({ secret, id, timestamp, body: payload });
      const hmac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(`${id}.${Math.floor(timestamp.getTime() / 1000)}.${payload}`)
        .digest('base64');
      assert.equal(ours['webhook-signature'], `v1,${hmac}`);
      assert.deepEqual(
        signDelivery({ secret: signingKey(secret), id, timestamp, body: payload }),
        ours,
        'a kept signer from signingKey signs the same',
      );
    }
  });
});
