import { Webhook } from 'standardwebhooks';

// Standard Webhooks signatures (decisions.md "Watch subscriptions and webhooks"), made with the
// reference library so that its verifiers accept them by construction.

export type DeliveryHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * Headers for one attempt. `id` is the event id and stays the same across retries (the receiver's
 * dedupe key); `timestamp` is the attempt time, so the signature is new on every attempt.
 */
export function signDelivery({
  secret,
  id,
  timestamp,
  body,
}: {
  secret: string;
  id: string;
  timestamp: Date;
  body: string;
}): DeliveryHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  };
}
