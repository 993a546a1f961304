import type { FieldSchema, FormSchema } from './form-schema';
import { emptyValue, initialValues } from './initial-values';

describe('emptyValue', () => {
  it.each<[FieldSchema['type'], unknown]>([
    ['boolean', false],
    ['array', []],
    ['string', ''],
    ['number', null],
    ['integer', null],
    ['object', null],
  ])('starts a %s field at %p', (type, expected) => {
    expect(emptyValue({ type })).toEqual(expected);
  });
});

describe('initialValues', () => {
  const schema: FormSchema = {
    properties: {
      name: { type: 'string', default: 'Guest' },
      age: { type: 'integer', default: 4 },
      topics: { type: 'array', enum: ['sleep', 'speech'] },
      agree: { type: 'boolean' },
      note: { type: 'string' },
      id: { type: 'string', readOnly: true, default: 'r-1' },
    },
  };

  it('starts from the supplied data, then the field default, then empty', () => {
    expect(initialValues(schema, { name: 'Maria', topics: ['sleep'] })).toEqual({
      name: 'Maria',
      age: 4,
      topics: ['sleep'],
      agree: false,
      note: '',
    });
  });

  it('keeps supplied values that look empty but are values (false, 0)', () => {
    expect(initialValues(schema, { age: 0, agree: false })).toMatchObject({ age: 0, agree: false });
  });

  it('leaves read-only fields out, even with supplied data', () => {
    expect(initialValues(schema, { id: 'r-2' })).not.toHaveProperty('id');
  });
});
