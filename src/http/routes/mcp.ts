import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import { TOOLS } from '../../mcp/tools/index.ts';
import { defineRoute } from '../route.ts';

const JsonRpcMessage = z.looseObject({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  method: z.string().optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  params: z.unknown().optional(),
});
const McpBody = z.union([JsonRpcMessage, z.array(JsonRpcMessage).min(1)], {
  error: 'Send a JSON-RPC 2.0 message.',
});

const NOT_ACCEPTABLE =
  'The MCP Streamable HTTP transport needs "Accept: application/json, text/event-stream" on every request.';

/** The SDK's transport requires both media types; anything else is refused here, in our envelope. */
function acceptsMcp(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  const has = (type: string) => types.includes(type) || types.includes('*/*');
  return has('application/json') && has('text/event-stream');
}

/** Headers set on the reply so far (Request-Id, RateLimit-*) go out on the raw response the SDK writes. */
function handOver(reply: FastifyReply) {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  return reply.raw;
}

export const mcpRoute = defineRoute({
  method: 'POST',
  path: '/mcp',
  operationId: 'mcp',
  summary: 'MCP tool server (stateless Streamable HTTP)',
  description: `The Model Context Protocol endpoint for AI agents: JSON-RPC 2.0 over POST, one independent request each (no session id; GET and DELETE answer 405). Send \`Authorization: Bearer <key>\`, \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\`. The tools are ${TOOLS.map((t) => `\`${t.name}\``).join(', ')}; each returns its REST counterpart's body as \`structuredContent\` and as text, and a failure as \`isError: true\` with the REST error envelope. Every request takes from the rate limit; each \`tools/call\` with a live key counts once against the monthly allowance.`,
  tag: 'MCP',
  auth: true,
  metered: false,
  body: McpBody,
  response: {
    status: 200,
    description: 'The JSON-RPC response (202 with no body for a notification).',
    schema: z.looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number()]) }),
    examples: {
      validate_abn: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          structuredContent: {
            identifier_type: 'abn',
            input: '49 004 028 077',
            normalized: '49004028077',
            valid: true,
          },
          content: [
            {
              type: 'text',
              text: '{"identifier_type":"abn","input":"49 004 028 077","normalized":"49004028077","valid":true}',
            },
          ],
        },
      },
    },
  },
  errors: [
    { status: 406, type: 'invalid_request', code: 'not_acceptable', message: NOT_ACCEPTABLE },
    { status: 400, type: 'invalid_request', code: 'invalid_body', message: 'Send a JSON-RPC 2.0 message.' },
  ],
  handler: async ({ ctx, caller, body, services, request, reply }) => {
    if (!acceptsMcp(request.headers.accept)) {
      throw new AppError('invalid_request', NOT_ACCEPTABLE, { code: 'not_acceptable', status: 406 });
    }
    const server = createMcpServer({
      ctx: { ...ctx, caller },
      services,
      requestId: request.id,
      onToolCall: () => services.meter.record(caller, ctx.clock()),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const raw = handOver(reply);
    // Nothing is closed afterwards: in JSON response mode the transport holds nothing once it has
    // answered, and closing would only build a "connection closed" error for every request.
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, raw, body);
    } catch (error) {
      request.log.error({ err: error, request_id: request.id }, 'MCP request failed');
      if (raw.headersSent) {
        raw.destroy();
        return reply;
      }
      const internal = new AppError(
        'internal_error',
        'Internal error. Quote the request id if you contact support.',
      );
      raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      raw.end(JSON.stringify(internal.toBody(request.id)));
    }
    return reply;
  },
});
