import { z } from 'zod';
import { ListWatchQuery, WatchList } from '../../watch/schemas.ts';
import { listWatches } from '../../watch/subscriptions.ts';
import { defineTool } from '../tool.ts';

/** The first page of GET /v1/watch, exactly as REST answers it with no query. */
const FIRST_PAGE = ListWatchQuery.parse({});

export const listWatchesTool = defineTool({
  name: 'list_watches',
  title: 'List watch subscriptions',
  description: `List this account's watch subscriptions, oldest first: their entities, events, webhook URL and status (\`active\` or \`paused\`), never their signing secrets. Returns the first ${FIRST_PAGE.limit}; a non-null \`next_cursor\` means there are more, readable through GET /v1/watch?cursor=… on the REST API.`,
  input: z.object({}).strict(),
  output: WatchList,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: ({ ctx }) => listWatches({ ctx, input: FIRST_PAGE }),
});
