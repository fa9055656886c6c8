import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { AppError } from '../errors.ts';

/** A tool's answer: the REST body as `structuredContent`, and the same JSON as text for older clients. */
export function toToolResult(body: unknown): CallToolResult {
  // One JSON round trip makes the structured copy exactly what the REST route would have sent.
  const text = JSON.stringify(body);
  return {
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    content: [{ type: 'text', text }],
  };
}

/**
 * The one place an error becomes an MCP result: `isError: true` with the REST error envelope as its
 * text. Unknown failures keep their detail in the log, as a REST 500 does.
 */
export function toToolError(error: unknown, requestId: string, log: Logger): CallToolResult {
  let known = error instanceof AppError ? error : undefined;
  if (!known) {
    log.error({ err: error, request_id: requestId }, 'unhandled error in an MCP tool');
    known = new AppError('internal_error', 'Internal error. Quote the request id if you contact support.');
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(known.toBody(requestId)) }] };
}
