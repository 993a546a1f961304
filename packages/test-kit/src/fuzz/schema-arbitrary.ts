/**
 * Request values derived from a route's own zod schema: mostly what the route accepts, so the
 * handler behind the validation is reached, with each field sometimes at or past its limits
 * or replaced by a hostile value, keys dropped and prototype keys added. Values that mean
 * something to the shop (a real product id, a paid checkout session) come from `hints`, by
 * field name, so a new route whose fields share those names gets them too.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { hostileJsonValue, PROTOTYPE_KEYS } from './hostile-values.ts';

/** The subset of JSON Schema that zod's `toJSONSchema` produces for request schemas. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Arbitraries of meaningful values, by the name of the field they go into. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings matching `pattern`; fast-check cannot build from lookarounds, so they filter. */
function matching(pattern: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern);
  try {
    return fc.stringMatching(regex);
  } catch {
    const withoutLookarounds = new RegExp(pattern.replace(/\(\?<?[=!](?:[^()\\]|\\.)*\)/g, ''));
    return fc.stringMatching(withoutLookarounds).filter((text) => regex.test(text));
  }
}

/** How values are made: with hints, and whether fields are pushed past their limits. */
interface Mode {
  hints: FieldHints;
  mutate: boolean;
}

/** One of `valid`, or (mutating) one of the values at and past the limits. */
function withEdges<T>(
  valid: fc.Arbitrary<T>,
  edges: fc.Arbitrary<T>[],
  mode: Mode,
): fc.Arbitrary<T> {
  return mode.mutate ? fc.oneof({ weight: 3 * edges.length, arbitrary: valid }, ...edges) : valid;
}

/** `text` with one of `inserted` put somewhere in it. */
const insertInto = (text: fc.Arbitrary<string>, inserted: fc.Arbitrary<string>) =>
  fc.tuple(text, inserted, fc.nat()).map(([value, extra, at]) => {
    const index = at % (value.length + 1);
    return `${value.slice(0, index)}${extra}${value.slice(index)}`;
  });

function stringFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  let valid: fc.Arbitrary<string>;
  // zod gives its e-mail format a pattern too, stricter than RFC 5322: the pattern decides.
  if (schema.pattern) valid = matching(schema.pattern);
  else if (schema.format === 'email') valid = fc.emailAddress();
  else if (schema.format === 'uri' || schema.format === 'url') valid = fc.webUrl();
  else valid = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 30) });
  const lengths = [max, max + 1, ...(min > 0 ? [min - 1] : [])];
  return withEdges(
    valid,
    [
      fc.constantFrom(...lengths.map((length) => 'a'.repeat(length))),
      // Accepted by a validator that checks only the shape; a database may still refuse it.
      insertInto(valid, fc.constantFrom('\u0000', '\u202e', '\ud800', '\r\n', '\u0007')),
    ],
    mode,
  );
}

function numberFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1e6 : schema.exclusiveMinimum + 1);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1e6 : schema.exclusiveMaximum - 1);
  const valid =
    schema.type === 'integer'
      ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
      : fc.double({ min, max, noNaN: true });
  // Past the limits, and past what 32- and 64-bit database columns hold.
  const edges = [min - 1, max + 1, 0.5, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 63];
  return withEdges(valid, [fc.constantFrom(...edges)], mode);
}

function arrayFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown[]> {
  const item = fromSchema(schema.items ?? {}, mode);
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? 5;
  const valid = fc.array(item, { minLength: min, maxLength: Math.min(max, min + 2) });
  if (!mode.mutate || max > 50) return valid;
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    fc.array(item, { minLength: max + 1, maxLength: max + 1 }),
  );
}

/** An object with own keys only: a `__proto__` key stays a key, as JSON.parse would leave it. */
function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

function objectFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    return fc.dictionary(fc.string({ maxLength: 12 }), hostileJsonValue, { maxKeys: 6 });
  }
  const shape = fc.record(
    Object.fromEntries(properties.map(([name, field]) => [name, fromSchema(field, mode, name)])),
    { requiredKeys: schema.required ?? [] },
  );
  if (!mode.mutate) return shape;
  const names = properties.map(([name]) => name);
  return fc.oneof(
    { weight: 8, arbitrary: shape },
    fc
      .tuple(shape, fc.constantFrom(...names))
      .map(([value, dropped]) =>
        ownObject(Object.entries(value).filter(([key]) => key !== dropped)),
      ),
    fc
      .tuple(shape, fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'price'), hostileJsonValue)
      .map(([value, key, extra]) => ownObject([[key, extra], ...Object.entries(value)])),
  );
}

function plainFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => fromSchema(option, mode)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object':
      return objectFrom(schema, mode);
    case 'array':
      return arrayFrom(schema, mode);
    case 'string':
      return stringFrom(schema, mode);
    case 'integer':
    case 'number':
      return numberFrom(schema, mode);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileJsonValue;
  }
}

/** Values for a schema or one of its fields (`name`), hints first for fields that have them. */
function fromSchema(schema: JsonSchema, mode: Mode, name?: string): fc.Arbitrary<unknown> {
  const plain = plainFrom(schema, mode);
  const hint = name === undefined ? undefined : mode.hints[name];
  return fc.oneof(
    // A hint is what the shop knows to be meaningful; random values rarely are.
    ...(hint ? [{ weight: mode.mutate ? 4 : 9, arbitrary: hint }] : []),
    { weight: mode.mutate || !hint ? 5 : 1, arbitrary: plain },
    // Mutating, any field may hold a value of any type.
    ...(mode.mutate ? [{ weight: 1, arbitrary: hostileJsonValue }] : []),
  );
}

/**
 * Values for a zod schema: half of them valid in every field, so the handler behind the
 * validation runs; the other half with fields at and past their limits, of the wrong type,
 * missing, or joined by prototype keys.
 */
export function valuesFor(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const json = toJsonSchema(schema);
  return fc.oneof(
    fromSchema(json, { hints, mutate: false }),
    fromSchema(json, { hints, mutate: true }),
  );
}
