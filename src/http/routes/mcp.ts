import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import { TOOLS } from '../../mcp/tools/index.ts';
import { defineRoute, type RouteSpec } from '../route.ts';
import { HttpError } from '../status.ts';

const NOT_ONE_MESSAGE = 'Send one JSON-RPC 2.0 message per request (batches are not accepted).';

const McpBody = z.looseObject(
  {
    jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
    method: z.string().optional(),
    id: z.union([z.string(), z.number(), z.null()]).optional(),
    params: z.unknown().optional(),
  },
  { error: NOT_ONE_MESSAGE },
);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** tools/call params as MCP defines them: a tool name and, if any, an object of arguments. */
const isToolCall = (params: unknown) =>
  isObject(params) &&
  typeof params.name === 'string' &&
  (params.arguments === undefined || isObject(params.arguments));

const NOT_ACCEPTABLE =
  'The MCP Streamable HTTP transport needs "Accept: application/json, text/event-stream" on every request.';

/** The SDK's transport requires both media types by name; anything else is refused here, in our envelope. */
function acceptsMcp(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  return types.includes('application/json') && types.includes('text/event-stream');
}

/**
 * What the SDK's transport would refuse with a bare JSON-RPC error is refused first, in the REST
 * envelope (docs/decisions.md: every non-2xx of the HTTP layer of /mcp): a wrong Accept, an unsupported
 * protocol version, a body that is not one JSON-RPC message.
 */
function refuseBeforeMcp(headers: Record<string, string | string[] | undefined>, body: unknown) {
  if (!acceptsMcp(headers.accept as string | undefined)) {
    throw new HttpError(406, 'invalid_request', NOT_ACCEPTABLE, { code: 'not_acceptable' });
  }
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) {
    throw new AppError(
      'invalid_request',
      `MCP-Protocol-Version ${String(version)} is not supported: send one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
      { code: 'unsupported_protocol_version', param: 'mcp-protocol-version' },
    );
  }
  if (!JSONRPCMessageSchema.safeParse(body).success) {
    throw new AppError(
      'invalid_request',
      'The body is not a JSON-RPC 2.0 request, notification or response.',
      { code: 'invalid_jsonrpc' },
    );
  }
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
  description: `The Model Context Protocol endpoint for AI agents: JSON-RPC 2.0 over POST, one independent JSON-RPC message per request (no session id, no batches; GET and DELETE answer 405). Send \`Authorization: Bearer <key>\`, \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\`. The tools are ${TOOLS.map((t) => `\`${t.name}\``).join(', ')}; each returns its REST counterpart's body as \`structuredContent\` and as text, and a failure as \`isError: true\` with the REST error envelope. Every request takes from the rate limit; each \`tools/call\` with a live key counts once against the monthly allowance.`,
  tag: 'MCP',
  auth: true,
  metered: false,
  body: McpBody,
  response: {
    status: 200,
    description: 'The JSON-RPC response to a request.',
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
  alsoAnswers: [{ status: 202, description: 'A notification or a JSON-RPC response was accepted: no body.' }],
  errors: [
    { status: 406, type: 'invalid_request', code: 'not_acceptable', message: NOT_ACCEPTABLE },
    { status: 400, type: 'invalid_request', code: 'invalid_body', message: NOT_ONE_MESSAGE },
    {
      status: 400,
      type: 'invalid_request',
      code: 'invalid_jsonrpc',
      message: 'The body is not a JSON-RPC 2.0 request, notification or response.',
    },
    {
      status: 400,
      type: 'invalid_request',
      code: 'unsupported_protocol_version',
      param: 'mcp-protocol-version',
      message: 'MCP-Protocol-Version 1999-01-01 is not supported: send one of 2025-11-25, 2025-06-18, …',
    },
  ],
  handler: async ({ ctx, caller, body, services, request, reply }) => {
    refuseBeforeMcp(request.headers, body);
    // A tools/call whose params are not {name, arguments?} gets JSON-RPC's "invalid params" here: the
    // SDK would parse them before any handler of ours and answer "internal error" with its parser's
    // detail.
    if (body.method === 'tools/call' && body.id != null && !isToolCall(body.params)) {
      return {
        jsonrpc: '2.0' as const,
        id: body.id,
        error: {
          code: -32602,
          message: 'Invalid params: tools/call takes {"name": "<tool>", "arguments": {…}}.',
        },
      };
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

/**
 * GET and DELETE /mcp: a stateless server has no stream to open and no session to end. They are
 * authenticated like every /mcp request, then answer 405 with `Allow: POST`.
 */
export const mcpRefusals: RouteSpec[] = (['GET', 'DELETE'] as const).map((method) =>
  defineRoute({
    method,
    path: '/mcp',
    operationId: `mcp${method}`,
    summary: `${method} /mcp is not available on a stateless server`,
    tag: 'MCP',
    auth: true,
    metered: false,
    response: { status: 405, description: 'Always refused.', examples: {} },
    handler: async ({ reply }) => {
      reply.header('allow', 'POST');
      throw new HttpError(
        405,
        'invalid_request',
        `${method} is not allowed on /mcp: this MCP server is stateless (no stream, no session); POST each message.`,
        { code: 'method_not_allowed' },
      );
    },
  }),
);
