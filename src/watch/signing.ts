import { Webhook } from 'standardwebhooks';

// Standard Webhooks signatures (docs/decisions.md "Watch subscriptions and webhooks"), made by the
// reference library (`standardwebhooks`): HMAC-SHA256 over `${id}.${timestamp}.${body}` with the
// secret's key (the base64 after `whsec_`), sent as `v1,<base64>`.

export type DeliveryHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The library's signer for a `whsec_` secret, its key decoded once (keep it for the secret's attempts). */
export function signingKey(secret: string): Webhook {
  return new Webhook(secret);
}

/**
 * Headers for one attempt. `id` is the event id and stays the same across retries (the receiver's
 * dedupe key); `timestamp` is the attempt time, so the signature is new on every attempt. `secret`
 * is the `whsec_` secret or its signer from `signingKey`.
 */
export function signDelivery({
  secret,
  id,
  timestamp,
  body,
}: {
  secret: string | Webhook;
  id: string;
  timestamp: Date;
  body: string;
}): DeliveryHeaders {
  const signer = typeof secret === 'string' ? signingKey(secret) : secret;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signer.sign(id, timestamp, body),
  };
}
