import type { RouteSpec } from '../route.ts';
import { deliveryRoutes } from './deliveries.ts';
import { healthRoute, readyRoute } from './health.ts';
import { mcpRoute } from './mcp.ts';
import { referenceRoutes } from './reference.ts';
import { resolveRoute, screenRoute } from './resolve.ts';
import { scenariosRoute, sourcesRoute } from './sources.ts';
import { usageRoute } from './usage.ts';
import { validateRoute } from './validate.ts';
import { sandboxEventRoute, watchRoutes } from './watch.ts';

/** Every route of the service, in the order the reference lists them. */
export const ROUTES: readonly RouteSpec[] = [
  resolveRoute,
  screenRoute,
  ...watchRoutes,
  ...deliveryRoutes,
  validateRoute,
  sourcesRoute,
  scenariosRoute,
  sandboxEventRoute,
  usageRoute,
  mcpRoute,
  healthRoute,
  readyRoute,
  ...referenceRoutes,
];
