// zod schemas as the JSON Schema of the OpenAPI document (http/openapi.ts), and the JSON Schema a
// route adds for what its refinements check (RouteSpec.requestRules).
import { z } from 'zod';

type JsonObject = Record<string, unknown>;
/** The document's shared schemas by name, filled as the operations are built. */
export type Components = Record<string, JsonObject>;

/** zod names a shared shape `#/$defs/…`; in an OpenAPI 3.1 document that resolves from the root. */
const toComponentRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string'
        ? v.replace(/^#\/\$defs\//, '#/components/schemas/')
        : toComponentRefs(v),
    ]),
  );
};

/**
 * A zod schema as JSON Schema for the document. Named shapes (`.meta({ id })`) go to
 * `components.schemas` once, and every operation that uses them refers to them there.
 */
export function jsonSchema(components: Components, schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ jsonSchema: s }) => {
      if (typeof s.id === 'string') delete s.id;
    },
  }) as JsonObject;
  for (const [name, def] of Object.entries(($defs ?? {}) as Components)) {
    const shared = toComponentRefs(def) as JsonObject;
    const known = components[name];
    if (known && JSON.stringify(known) !== JSON.stringify(shared)) {
      throw new Error(`Two different schemas are named ${name}: give one of them another id.`);
    }
    components[name] = shared;
  }
  return toComponentRefs(rest) as JsonObject;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `rules` laid over `schema`, object by object (a property's schema keeps what zod said of it). */
export const withRules = (schema: JsonObject, rules: JsonObject | undefined): JsonObject =>
  Object.fromEntries([
    ...Object.entries(schema),
    ...Object.entries(rules ?? {}).map(([key, rule]) => {
      const base = schema[key];
      return [key, isObject(base) && isObject(rule) ? withRules(base, rule) : rule];
    }),
  ]);

/**
 * An ABN or ACN as the server reads it: any string that is `lengths` digits once its whitespace is
 * stripped (`identifiers/schemas.ts`, `validateIdentifier`), so `"44 600 110 236"` is an ABN.
 */
export const identifierPattern = (...lengths: number[]): string =>
  `^\\s*(?:${lengths.map((n) => `(?:\\d\\s*){${n}}`).join('|')})$`;

/**
 * "Send exactly one of these fields": each branch requires one of them and forbids the others (so
 * that a type generated from the document says so too); `oneOf` then refuses none and two alike.
 */
export const exactlyOneOf = (...fields: string[]): JsonObject => ({
  oneOf: fields.map((field) => ({
    required: [field],
    properties: Object.fromEntries(fields.map((other) => [other, other === field])),
  })),
});
