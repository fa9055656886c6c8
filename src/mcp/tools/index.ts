import type { ToolSpec } from '../tool.ts';
import { listWatchesTool } from './list-watches.ts';
import { resolveEntityTool } from './resolve-entity.ts';
import { screenEntityTool } from './screen-entity.ts';
import { validateAbnTool, validateAcnTool } from './validate-identifier.ts';
import { watchEntityTool } from './watch-entity.ts';

/** Exactly the six tools of the contract: nothing deletes, rolls or updates. */
export const TOOLS: readonly ToolSpec[] = [
  resolveEntityTool,
  screenEntityTool,
  validateAbnTool,
  validateAcnTool,
  watchEntityTool,
  listWatchesTool,
];
