import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type ZodSerializerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * The JSON Schema fast-json-stringify compiles for a zod response schema: zod's own conversion
 * (output side), with `anyOf: [X, {type: 'null'}]` turned into `nullable` (fast-json-stringify
 * would otherwise run a validator on every nullable object to pick the branch) and the keywords
 * that only validate (`pattern`, `format`, bounds) left out.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

const VALIDATION_ONLY = new Set([
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
]);

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue;
    out[key] = key === 'properties' || key === 'definitions' || key === '$defs' ? mapValues(value as JsonSchema, simplify) : simplify(value);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const merged = mergeObjects(out[key] as JsonSchema[] | undefined);
    if (merged) {
      delete out[key];
      return { ...out, ...merged };
    }
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((s) => !isNull(s))!;
    if (typeof other.type === 'string' && !other.anyOf) {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * A union of object schemas (a discriminated union such as the derived SME size) as ONE object schema
 * with every branch's properties, required where all branches require them. For writing JSON that is
 * the same: fast-json-stringify writes the properties an answer has. Left as a union, it would run a
 * validator on every such object to choose the branch (a 20-row staff queue page: 60 → 45 µs).
 * Only when the branches agree on each shared property (or differ only in a string's `const`/`enum`,
 * the discriminator, written as a string); otherwise the union stays.
 */
function mergeObjects(branches: JsonSchema[] | undefined): JsonSchema | null {
  if (!branches || branches.length < 2 || !branches.every((b) => b.type === 'object' && b.properties && !b.anyOf && !b.oneOf)) return null;
  const properties: JsonSchema = {};
  for (const branch of branches) {
    for (const [key, schema] of Object.entries(branch.properties as JsonSchema)) {
      const seen = properties[key] as JsonSchema | undefined;
      if (!seen || isDeepStrictEqual(seen, schema)) properties[key] = schema;
      else if (seen.type === 'string' && (schema as JsonSchema).type === 'string') properties[key] = { type: 'string' };
      else return null;
    }
  }
  const required = branches.map((b) => (b.required as string[] | undefined) ?? []).reduce((all, r) => all.filter((k) => r.includes(k)));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const isNull = (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1;
const mapValues = (o: JsonSchema, f: (v: unknown) => unknown) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/**
 * Response serialization (docs/decisions/103): a fast-json-stringify function compiled once per
 * route and status from the zod schema, which writes only the declared properties (what zod's
 * parse + JSON.stringify did, without building a copy of the answer first). Schemas it cannot
 * express (transforms, pipes) keep the zod serializer.
 *
 * `verify` (every environment but production — so every API test): zod still validates the answer
 * (a 500 as before when it breaks the contract) and the compiled output must be the same JSON as
 * zod's (the same values; fast-json-stringify writes required properties before optional ones, so
 * the key order may differ), otherwise the request fails — every route test checks it.
 */
export function compiledSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route as ZodSerializerInput);
    const schema = route.schema as z.ZodType;
    if (!(schema instanceof z.ZodType)) return zodSerialize;
    let stringify: (data: unknown) => string;
    try {
      // zod cannot express a transform in JSON Schema and throws: such a schema keeps zod.
      stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      return zodSerialize;
    }
    if (!verify) return stringify;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = stringify(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(`compiled serializer of ${route.method} ${route.url} differs from zod:\n${actual}\n${expected}`);
      }
      return actual;
    };
  };
}
