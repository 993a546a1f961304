/**
 * The generic form's check of one value (docs/product.md#validation): the first rule the value
 * breaks gives the message, worded with the field's title.
 */
import { fieldTitle, type FieldSchema } from './form-schema';

// A basic address shape (something@something.tld), as the spec asks; the commerce service
// makes the final check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a (trimmed) value has the basic shape of an e-mail address; the shop checks the rest. */
export const hasEmailShape = (value: string) => EMAIL_PATTERN.test(value);
const DATE_PATTERN = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Null, an empty or blank string, or an empty list; `false` is a value
 * (docs/product.md#validation).
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * A calendar date (YYYY-MM-DD), optionally with a time. A date-time field is edited with a
 * date input, so a plain date is a valid date-time too. Impossible days such as 2025-02-30
 * are refused rather than rolled over into the next month.
 */
function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match?.[1] || Number.isNaN(Date.parse(value))) return false;
  const day = new Date(`${match[1]}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === match[1];
}

function matchesPattern(value: string, pattern: string): boolean {
  let expression: RegExp;
  try {
    expression = new RegExp(pattern);
  } catch {
    // A broken pattern is a mistake in the schema, not in the visitor's answer: it must not
    // make the form impossible to send.
    return true;
  }
  return expression.test(value);
}

function checkNumber(title: string, field: FieldSchema, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${title} must be a number`;
  if (field.type === 'integer' && !Number.isInteger(value)) return `${title} must be an integer`;
  if (field.minimum !== undefined && value < field.minimum)
    return `${title} cannot be less than ${field.minimum}`;
  if (field.maximum !== undefined && value > field.maximum)
    return `${title} cannot be greater than ${field.maximum}`;
  return null;
}

function checkString(title: string, field: FieldSchema, value: unknown): string | null {
  if (typeof value !== 'string') return `${title} must be a string`;
  if (field.format === 'email' && !hasEmailShape(value.trim()))
    return `${title} is not a valid email`;
  if ((field.format === 'date' || field.format === 'date-time') && !isValidDate(value.trim()))
    return `${title} must be a valid date`;
  // Counted without surrounding spaces, which the commerce service trims away too: '  a '
  // is one character, not four.
  const length = value.trim().length;
  if (field.minLength !== undefined && length < field.minLength)
    return `${title} must be at least ${field.minLength} characters`;
  if (field.maxLength !== undefined && length > field.maxLength)
    return `${title} cannot exceed ${field.maxLength} characters`;
  if (field.pattern !== undefined && !matchesPattern(value, field.pattern))
    return `${title} is not valid`;
  if (field.enum && !field.enum.includes(value)) return `${title} must be one of the valid options`;
  return null;
}

function checkArray(title: string, field: FieldSchema, value: unknown): string | null {
  if (!Array.isArray(value)) return `${title} must be an array`;
  const allowed = field.enum;
  if (allowed && value.some((item) => !allowed.includes(item as string)))
    return `${title} contains invalid options`;
  return null;
}

/**
 * The message for the first rule `value` breaks, or null when it is acceptable. An empty
 * optional field is acceptable whatever its other rules; a type the form does not support
 * is not checked, since the visitor cannot edit it.
 */
export function validateField(
  name: string,
  field: FieldSchema,
  value: unknown,
  required: boolean,
): string | null {
  const title = fieldTitle(name, field);
  if (isEmptyValue(value)) return required ? `${title} is required` : null;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${title} must be a boolean`;
    case 'number':
    case 'integer':
      return checkNumber(title, field, value);
    case 'string':
      return checkString(title, field, value);
    case 'array':
      return checkArray(title, field, value);
    default:
      return null;
  }
}
