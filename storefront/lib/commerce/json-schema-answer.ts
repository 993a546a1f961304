/**
 * Checks a value against a JSON Schema made from the commerce contract (./contract-schemas/),
 * so that browser code checks answers without shipping zod (ADR 0015). It knows the keywords
 * the contract's answers use and fails on any other, so a new kind of rule is noticed; fields a
 * schema does not name pass, as with zod, and a `uri` must be an absolute http(s) address.
 */
import type { AnswerSchema } from './client';

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
}

export const KNOWN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
]);

function isHttpAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function matchesString(value: string, schema: JsonSchema): boolean {
  // Counted in characters (code points), as JSON Schema and zod count them.
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  if (schema.format === 'uri') return isHttpAddress(value);
  return schema.format === undefined;
}

function matchesObject(value: Record<string, unknown>, schema: JsonSchema): boolean {
  const properties = schema.properties ?? {};
  if (schema.required?.some((name) => value[name] === undefined)) return false;
  return Object.entries(value).every(([name, field]) => {
    // A `__proto__` key is never data; zod passes over it too.
    if (name === '__proto__') return true;
    const own = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (own) return field === undefined || matches(field, own);
    if (schema.propertyNames && !matches(name, schema.propertyNames)) return false;
    const other = schema.additionalProperties;
    return typeof other === 'object' ? matches(field, other) : true;
  });
}

export function matches(value: unknown, schema: JsonSchema): boolean {
  if (Object.keys(schema).some((keyword) => !KNOWN_KEYWORDS.has(keyword))) return false;
  if (schema.anyOf && !schema.anyOf.some((option) => matches(value, option))) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if ('const' in schema && value !== schema.const) return false;
  const { type } = schema;
  if (type !== undefined) {
    const types: readonly string[] = typeof type === 'string' ? [type] : type;
    if (!types.some((one) => hasType(value, one))) return false;
  }
  if (typeof value === 'string') return matchesString(value, schema);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value))
    return !schema.items || value.every((item) => matches(item, schema.items as JsonSchema));
  if (typeof value === 'object' && value !== null)
    return matchesObject(value as Record<string, unknown>, schema);
  return true;
}

/**
 * An answer check for the client from a JSON Schema. `T` is what the schema describes: the
 * contract's type of the same schema, which contract-schemas.test.ts holds them to.
 */
export function jsonSchemaAnswer<T>(schema: JsonSchema): AnswerSchema<T> {
  return {
    '~standard': {
      validate: (value) =>
        matches(value, schema)
          ? { value: value as T }
          : { issues: [{ message: 'The answer does not match the contract' }] },
    },
  };
}
