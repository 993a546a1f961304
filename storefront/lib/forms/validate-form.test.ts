import type { FormSchema } from './form-schema';
import { validateForm } from './validate-form';

const schema: FormSchema = {
  title: 'Sign up',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    age: { type: 'integer', minimum: 2 },
    newsletter: { type: 'boolean', title: 'Newsletter' },
    id: { type: 'string', title: 'Record id', readOnly: true },
  },
  required: ['name', 'age', 'newsletter', 'id'],
};

describe('validateForm', () => {
  it('gives one message per broken field, in the words of each field', () => {
    expect(validateForm(schema, { name: '', age: 1.5, newsletter: false })).toEqual({
      name: 'Full name is required',
      age: 'age must be an integer',
    });
  });

  it('returns no messages when every field is acceptable', () => {
    expect(validateForm(schema, { name: 'Maria', age: 4, newsletter: true })).toEqual({});
  });

  it('treats a missing value like an empty one', () => {
    expect(validateForm(schema, {})).toEqual({
      name: 'Full name is required',
      age: 'age is required',
      newsletter: 'Newsletter is required',
    });
  });

  it('leaves read-only fields out, even when required', () => {
    expect(validateForm(schema, { name: 'Maria', age: 4, newsletter: true, id: '' })).toEqual({});
  });
});
