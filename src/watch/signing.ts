import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

// Standard Webhooks signatures (decisions.md "Watch subscriptions and webhooks"): HMAC-SHA256 over
// `${id}.${timestamp}.${body}` with the secret's key (the base64 after `whsec_`), sent as
// `v1,<base64>`. Made with node:crypto (native) rather than the reference library's JavaScript
// SHA-256; the tests verify every signature with the reference library (`standardwebhooks`).

export type DeliveryHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

const PREFIX = 'whsec_';

/**
 * The HMAC key of a `whsec_` secret (the bytes its base64 part decodes to), as a KeyObject: HMACs
 * made with one are several times cheaper than with the raw bytes.
 */
export function signingKey(secret: string): KeyObject {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  if (key.length === 0) throw new Error('webhook secret is empty');
  return createSecretKey(key);
}

/**
 * Headers for one attempt. `id` is the event id and stays the same across retries (the receiver's
 * dedupe key); `timestamp` is the attempt time, so the signature is new on every attempt. `secret`
 * is the `whsec_` secret or its key from `signingKey`.
 */
export function signDelivery({
  secret,
  id,
  timestamp,
  body,
}: {
  secret: string | KeyObject;
  id: string;
  timestamp: Date;
  body: string;
}): DeliveryHeaders {
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const key = typeof secret === 'string' ? signingKey(secret) : secret;
  const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': seconds, 'webhook-signature': `v1,${signature}` };
}
