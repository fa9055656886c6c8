import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import packageJson from '../../package.json' with { type: 'json' };
import type { CallerCtx } from '../ctx.ts';
import { invalidInput } from '../errors.ts';
import type { ResolveServices as Services } from '../resolve/resolve-entity.ts';
import { withNumberHint } from './identifier-args.ts';
import { toToolError, toToolResult } from './to-tool-result.ts';
import { listing } from './tool.ts';
import { TOOLS } from './tools/index.ts';

const TOOL_LIST = TOOLS.map(listing);
const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));
// One JSON Schema validator for every request: building one per server costs more than the tool call.
const VALIDATOR = new AjvJsonSchemaValidator();

const INSTRUCTIONS =
  'aevs answers who an Australian business really is. Start with resolve_entity (ABN, ACN or name); a name match is advisory until confirmed by ABN or ACN. screen_entity answers review, no_match or unavailable per list and never clears anyone. validate_abn and validate_acn check a number offline. watch_entity and list_watches manage change notifications by webhook.';

export type McpRequestContext = {
  ctx: CallerCtx;
  services: Services;
  requestId: string;
  /** Called once per tool call, before it runs: a live key's call counts against the allowance. */
  onToolCall: () => void;
};

/**
 * A fresh MCP server for one HTTP request (stateless: nothing survives the request). The account and
 * partition come from the bearer key in `ctx.caller`; no tool takes an account argument.
 */
export function createMcpServer({ ctx, services, requestId, onToolCall }: McpRequestContext): Server {
  const server = new Server(
    { name: 'aevs', title: 'Australian Entity Verification Service', version: packageJson.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: VALIDATOR,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}: the tools are ${TOOLS.map((t) => t.name).join(', ')}.`,
      );
    }
    onToolCall();
    try {
      // The same schema as the REST route validates the arguments, so the errors are the same too.
      const parsed = tool.input.safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw invalidInput(parsed.error, 'body');
      return toToolResult(await tool.run({ ctx, input: parsed.data, services }));
    } catch (error) {
      return toToolError(withNumberHint(error, request.params.arguments), requestId, ctx.log);
    }
  });
  return server;
}
