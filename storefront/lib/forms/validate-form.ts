/** The generic form's check of every field at submit (docs/product.md#states). */
import { editableFields, isRequired, type FieldErrors, type FormSchema } from './form-schema';
import { validateField } from './validate-field';

/** One message per field that breaks a rule; an empty object means the form can be sent. */
export function validateForm(schema: FormSchema, values: Readonly<Record<string, unknown>>) {
  const errors: FieldErrors = {};
  for (const [name, field] of editableFields(schema)) {
    const message = validateField(name, field, values[name], isRequired(schema, name));
    if (message) errors[name] = message;
  }
  return errors;
}
