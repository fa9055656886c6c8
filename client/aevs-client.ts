// A typed client for the aevs REST API: openapi-fetch over the types generated from the OpenAPI
// document (client/schema.d.ts, `npm run openapi`), so that a request the document does not allow,
// or a misread field of an answer, fails to compile. It uses nothing of the service's own code.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

export type { components, paths };
export type AevsClient = Client<paths>;

/**
 * A client for one server and one key: `svc_sk_test_…` for the sandbox, `svc_sk_live_…` for real
 * register data. Each call answers `{ data }` or `{ error }` (the error envelope) with `response`.
 */
export function createAevsClient(options: {
  baseUrl: string;
  key: string;
  fetch?: typeof globalThis.fetch;
}): AevsClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.key}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
