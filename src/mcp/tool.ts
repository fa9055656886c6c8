import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { CallerCtx } from '../ctx.ts';
import type { ResolveServices as Services } from '../resolve/resolve-entity.ts';

export type ToolArgs<I extends z.ZodType> = { ctx: CallerCtx; input: z.output<I>; services: Services };

/**
 * One MCP tool: its name, what an agent reads about it, its input and output schemas (zod, the same
 * ones that validate the REST route where there is one) and the verb it calls.
 */
export type ToolSpec<I extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run: (args: ToolArgs<I>) => Promise<unknown>;
};

export const defineTool = <I extends z.ZodType>(spec: ToolSpec<I>): ToolSpec => spec as unknown as ToolSpec;

type JsonObject = { [key: string]: unknown };

// MCP clients validate with JSON Schema draft-07 (Ajv): no `$schema` line, references under `definitions`.
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-7',
  }) as JsonObject;
  return inlineRoot(rest);
};

/**
 * A named schema comes out as `{ $ref: '#/definitions/Name', definitions }`; clients read a tool's
 * schema from its root (`type`, `properties`), so the root definition is written there.
 */
function inlineRoot(schema: JsonObject): JsonObject {
  const ref = schema.$ref;
  const definitions = schema.definitions as Record<string, JsonObject> | undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/') || !definitions) return schema;
  const name = ref.slice('#/definitions/'.length);
  const root = definitions[name];
  if (!root) return schema;
  // Other definitions may still refer to the root by name, so it stays among them too.
  const { $ref: _ref, definitions: _defs, ...others } = schema;
  return { ...others, ...root, definitions };
}

/** The `tools/list` entry of a tool, computed once. */
export function listing(tool: ToolSpec) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object' as const, ...jsonSchema(tool.input, 'input') },
    outputSchema: { type: 'object' as const, ...jsonSchema(tool.output, 'output') },
    annotations: { title: tool.title, ...tool.annotations },
  };
}
