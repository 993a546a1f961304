/** Where the generic form's values start (docs/product.md#states). */
import {
  editableFields,
  type FieldSchema,
  type FormSchema,
  type FormValue,
  type FormValues,
} from './form-schema';

/** What an untouched field holds: an unticked box, no choices, no number, no text. */
export function emptyValue(field: FieldSchema): FormValue {
  switch (field.type) {
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'string':
      return '';
    default:
      return null;
  }
}

/**
 * Each editable field's starting value: the supplied data, then the field's default, then
 * empty. Read-only fields are left out, so they are neither shown nor sent.
 */
export function initialValues(schema: FormSchema, data: Readonly<Partial<FormValues>> = {}) {
  const values: FormValues = {};
  for (const [name, field] of editableFields(schema)) {
    values[name] = data[name] ?? field.default ?? emptyValue(field);
  }
  return values;
}
