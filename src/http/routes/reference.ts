import { z } from 'zod';
import { defineRoute } from '../route.ts';

/** The OpenAPI document and its reference page; both public, like any API's documentation. */
export const referenceRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Reference',
    auth: false,
    response: {
      status: 200,
      description: 'The document, generated from the schemas that validate requests.',
      schema: z.record(z.string(), z.unknown()),
      examples: {
        document: { openapi: '3.1.0', info: { title: 'aevs: Australian Entity Verification Service' } },
      },
    },
    handler: async ({ reply, services }) =>
      reply.type('application/json; charset=utf-8').send(services.openapiJson),
  }),
  defineRoute({
    method: 'GET',
    path: '/docs',
    operationId: 'docs',
    summary: 'The API reference as a web page',
    tag: 'Reference',
    auth: false,
    response: {
      status: 200,
      description: 'HTML rendered from the OpenAPI document.',
      contentType: 'text/html',
      examples: { page: '<!doctype html>…' },
    },
    handler: async ({ reply, services }) => reply.type('text/html; charset=utf-8').send(services.docsHtml),
  }),
];
