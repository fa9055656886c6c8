import { EVENT_TYPES } from '../../events/types.ts';
import { CreateWatchRequest, CreateWatchResponse, MAX_ENTITIES } from '../../watch/schemas.ts';
import { createSubscription } from '../../watch/subscriptions.ts';
import { NUMBERS_NOTE, numbersAsDigits } from '../identifier-args.ts';
import { defineTool } from '../tool.ts';

export const watchEntityTool = defineTool({
  name: 'watch_entity',
  title: 'Watch entities for changes',
  description: [
    `Create a watch subscription: when one of \`events\` happens to any of \`entities\` (ABNs or ACNs, at most ${MAX_ENTITIES}; an ACN watch also hears of its ABN and the reverse), aevs POSTs a signed webhook (Standard Webhooks) to \`webhook_url\`, retrying a failed delivery for about a day (27.6 hours on the default schedule); every event can also be read back by polling. Events: ${EVENT_TYPES.join(', ')}.`,
    NUMBERS_NOTE,
    '`webhook_url` must be https and reachable from the internet (private, loopback and link-local addresses are refused).',
    'The result holds the subscription and its signing secret (`whsec_…`). The secret is shown only here: keep it to verify the `webhook-signature` header. Changes, pausing, deleting and rolling the secret are done through the REST API, not through tools. With a test key the subscription watches sandbox entities.',
  ].join('\n\n'),
  input: numbersAsDigits(CreateWatchRequest, ['entities']),
  output: CreateWatchResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: ({ ctx, input }) => createSubscription({ ctx, input }),
});
