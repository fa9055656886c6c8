import type { Webhook } from 'standardwebhooks';
import type { Config } from '../config.ts';
import type { SubscriptionRow } from '../store/subscriptions.ts';
import { openSecret } from './secrets.ts';
import { type AttemptResult, sendAttempt } from './send-attempt.ts';
import { signDelivery, signingKey } from './signing.ts';
import {
  guardedDispatcher,
  hostVerdicts,
  type Lookup,
  resolvesPublic,
  type UrlCheck,
  webhookUrlShape,
} from './ssrf-guard.ts';

export type WebhookSender = {
  /** One signed attempt of a delivery to its subscription's URL. */
  send: (
    delivery: { id: string; payload: string },
    sub: Pick<SubscriptionRow, 'secret' | 'webhook_url'>,
  ) => Promise<AttemptResult>;
  close: () => Promise<void>;
};

/** At most this many secrets' signers and URLs' checks are kept (the oldest go first). */
const KEPT = 1_000;

/**
 * Signs and sends webhook attempts: Standard Webhooks headers (the same `webhook-id` on every
 * attempt, a fresh timestamp and signature), the SSRF check, and a POST through one guarded undici
 * dispatcher (a kept-alive connection pool per endpoint) that follows no redirect.
 */
export function webhookSender({
  config,
  userAgent,
  clock,
  lookup,
}: {
  config: Pick<Config, 'webhookTimeoutMs' | 'allowPrivateWebhooks' | 'secretKey'>;
  userAgent: string;
  clock: () => Date;
  /** The resolver for the SSRF check (tests inject one); the system's by default. */
  lookup?: Lookup;
}): WebhookSender {
  const dispatcher = guardedDispatcher({
    allowPrivate: config.allowPrivateWebhooks,
    // A connection still being made when its attempt times out gives up at the same time.
    connectTimeoutMs: config.webhookTimeoutMs,
    ...(lookup ? { lookup } : {}),
  });
  const verdicts = hostVerdicts();
  const signers = new Map<string, Webhook>();
  const shapes = new Map<string, ReturnType<typeof webhookUrlShape>>();
  const keep = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= KEPT) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };

  /**
   * The signer of a subscription's stored secret, opened once and kept by its stored form: a roll
   * stores a new form, so the next attempt opens and signs with the new secret.
   */
  const signerOf = (stored: string): Webhook => {
    let signer = signers.get(stored);
    if (!signer) {
      signer = signingKey(openSecret(stored, config.secretKey));
      keep(signers, stored, signer);
    }
    return signer;
  };

  /**
   * The SSRF check before a send. What the URL string alone decides is kept per URL; a hostname is
   * resolved (asynchronously, inside the attempt's deadline) unless it was found public moments ago.
   */
  const checkUrl = (raw: string): UrlCheck | Promise<UrlCheck> => {
    let shape = shapes.get(raw);
    if (!shape) {
      shape = webhookUrlShape(raw, config.allowPrivateWebhooks);
      keep(shapes, raw, shape);
    }
    if (!shape.ok) return shape;
    if (shape.resolve === null || verdicts.isPublic(shape.resolve)) return { ok: true, url: shape.url };
    return resolvesPublic(shape.url, shape.resolve, { lookup, verdicts });
  };

  return {
    send: (delivery, sub) => {
      // Signed with the subscription's current secret: a roll takes effect on the very next attempt.
      // A secret that cannot be opened (AEVS_SECRET_KEY missing or changed) is a failed attempt, so
      // the schedule still runs out instead of retrying for ever.
      let headers: ReturnType<typeof signDelivery>;
      try {
        headers = signDelivery({
          secret: signerOf(sub.secret),
          id: delivery.id,
          timestamp: clock(),
          body: delivery.payload,
        });
      } catch (e) {
        return Promise.resolve({
          failure: 'blocked',
          error: `signing failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300),
        });
      }
      return sendAttempt({
        check: () => checkUrl(sub.webhook_url),
        body: delivery.payload,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': userAgent },
        dispatcher,
        timeoutMs: config.webhookTimeoutMs,
      });
    },
    close: () => dispatcher.close().catch(() => undefined),
  };
}
