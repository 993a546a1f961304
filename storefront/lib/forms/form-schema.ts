/**
 * The generic form schema (docs/product.md#data): a JSON-Schema-like description from which the
 * generic form renders its fields (docs/product.md#validation) and checks their values.
 */

/**
 * The field types the form renders; any other type is shown as unsupported
 * (docs/product.md#validation).
 */
export type FieldType = 'boolean' | 'number' | 'integer' | 'string' | 'array';

export type FieldFormat = 'email' | 'date' | 'date-time' | 'textarea';

export interface FieldSchema {
  /**
   * A schema may come from data (JSON), so a type outside `FieldType` can reach the form at
   * run time; it then shows 'unsupported field type: {type}' instead of failing the page.
   */
  type: FieldType | (string & Record<never, never>);
  /** Used in labels, placeholders and messages; the field's name when absent. */
  title?: string;
  description?: string;
  format?: FieldFormat;
  /** The allowed values of a string (a dropdown) or of an array's items (a checkbox group). */
  enum?: readonly string[];
  /** Labels for `enum`, by position; the value itself when a label is missing. */
  enumNames?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** A regular expression (ECMAScript syntax, unanchored, as in JSON Schema). */
  pattern?: string;
  default?: FormValue;
  /** Read-only fields are left out of the form: not rendered, checked nor submitted. */
  readOnly?: boolean;
  multiline?: boolean;
  rows?: number;
  cols?: number;
}

export interface FormSchema {
  /** The schema's identifier, e.g. 'contact_submissions-schema'. */
  $id?: string;
  title?: string;
  description?: string;
  /** Fields keyed by name, rendered in this order. */
  properties: Readonly<Record<string, FieldSchema>>;
  required?: readonly string[];
}

/** A field's value: numbers stay numbers, a checkbox group holds the chosen enum values. */
export type FormValue = string | number | boolean | null | readonly string[];

export type FormValues = Record<string, FormValue>;

/** Error messages keyed by field name; a field without an error has no key. */
export type FieldErrors = Record<string, string>;

/** The name a person reads for a field: its title, or its name when it has none. */
export function fieldTitle(name: string, field: FieldSchema): string {
  return field.title || name;
}

/** The fields the form shows, in schema order: every field that is not read-only. */
export function editableFields(schema: FormSchema): [string, FieldSchema][] {
  return Object.entries(schema.properties).filter(([, field]) => !field.readOnly);
}

export function isRequired(schema: FormSchema, name: string): boolean {
  return schema.required?.includes(name) ?? false;
}
