import type { FieldSchema } from './form-schema';
import { isEmptyValue, validateField } from './validate-field';

describe('isEmptyValue', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    [[], true],
    [false, false],
    [0, false],
    ['a', false],
    [['x'], false],
  ])('treats %p as empty: %p', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});

describe('validateField', () => {
  const titled = (field: Omit<FieldSchema, 'title'>): FieldSchema => ({ title: 'Age', ...field });

  describe('says a required field is required when it is empty', () => {
    it.each<[string, FieldSchema, unknown]>([
      ['null', { type: 'string' }, null],
      ['undefined', { type: 'number' }, undefined],
      ['an empty string', { type: 'string' }, ''],
      ['a blank string', { type: 'string', format: 'textarea' }, ' \n\t '],
      ['an empty list', { type: 'array', enum: ['a'] }, []],
    ])('%s', (_case, field, value) => {
      expect(validateField('nickname', { title: 'Nickname', ...field }, value, true)).toBe(
        'Nickname is required',
      );
    });

    it('uses the name when the field has no title', () => {
      expect(validateField('nickname', { type: 'string' }, '', true)).toBe('nickname is required');
    });

    it('counts an unticked box (false) as filled', () => {
      expect(validateField('agree', { type: 'boolean', title: 'Agree' }, false, true)).toBeNull();
    });
  });

  it.each<[string, FieldSchema, unknown]>([
    ['an empty optional string', { type: 'string', minLength: 5, format: 'email' }, ''],
    ['an empty optional number', { type: 'integer', minimum: 3 }, null],
    ['an empty optional list', { type: 'array', enum: ['a'] }, []],
  ])('accepts %s whatever its other rules', (_case, field, value) => {
    expect(validateField('x', field, value, false)).toBeNull();
  });

  // [case, field, value, expected message or null]
  const table: [string, FieldSchema, unknown, string | null][] = [
    // boolean
    ['a boolean true', titled({ type: 'boolean' }), true, null],
    ['a boolean false', titled({ type: 'boolean' }), false, null],
    ['a string as a boolean', titled({ type: 'boolean' }), 'yes', 'Age must be a boolean'],
    // number
    ['a number', titled({ type: 'number' }), 2.5, null],
    ['a string as a number', titled({ type: 'number' }), '4', 'Age must be a number'],
    ['NaN as a number', titled({ type: 'number' }), Number.NaN, 'Age must be a number'],
    ['Infinity as a number', titled({ type: 'number' }), Infinity, 'Age must be a number'],
    ['a number at its minimum', titled({ type: 'number', minimum: 2 }), 2, null],
    [
      'a number below its minimum',
      titled({ type: 'number', minimum: 2 }),
      1.5,
      'Age cannot be less than 2',
    ],
    ['a number at its maximum', titled({ type: 'number', maximum: 18 }), 18, null],
    [
      'a number above its maximum',
      titled({ type: 'number', maximum: 18 }),
      18.5,
      'Age cannot be greater than 18',
    ],
    ['zero against a minimum of 0', titled({ type: 'number', minimum: 0 }), 0, null],
    // integer
    ['an integer', titled({ type: 'integer' }), 7, null],
    ['a fraction as an integer', titled({ type: 'integer' }), 7.5, 'Age must be an integer'],
    ['a string as an integer', titled({ type: 'integer' }), '7', 'Age must be a number'],
    [
      'an integer below its minimum',
      titled({ type: 'integer', minimum: 2 }),
      1,
      'Age cannot be less than 2',
    ],
    [
      'an integer above its maximum',
      titled({ type: 'integer', maximum: 18 }),
      19,
      'Age cannot be greater than 18',
    ],
    // string
    ['a string', titled({ type: 'string' }), 'hello', null],
    ['a number as a string', titled({ type: 'string' }), 12, 'Age must be a string'],
    ['a list as a string', titled({ type: 'string' }), ['a'], 'Age must be a string'],
    [
      'a string shorter than minLength',
      titled({ type: 'string', minLength: 2 }),
      'a',
      'Age must be at least 2 characters',
    ],
    [
      'a string padded to minLength with spaces',
      titled({ type: 'string', minLength: 2 }),
      ' a ',
      'Age must be at least 2 characters',
    ],
    ['a string of exactly minLength', titled({ type: 'string', minLength: 2 }), 'ab', null],
    ['a string of exactly maxLength', titled({ type: 'string', maxLength: 3 }), 'abc', null],
    [
      'a string longer than maxLength',
      titled({ type: 'string', maxLength: 3 }),
      'abcd',
      'Age cannot exceed 3 characters',
    ],
    ['a string matching its pattern', titled({ type: 'string', pattern: '^\\d+$' }), '42', null],
    [
      'a string not matching its pattern',
      titled({ type: 'string', pattern: '^\\d+$' }),
      '4a',
      'Age is not valid',
    ],
    [
      'a string against a broken pattern',
      titled({ type: 'string', pattern: '([' }),
      'anything',
      null,
    ],
    ['a string in its enum', titled({ type: 'string', enum: ['2-3', '4-5'] }), '4-5', null],
    [
      'a string outside its enum',
      titled({ type: 'string', enum: ['2-3', '4-5'] }),
      '40',
      'Age must be one of the valid options',
    ],
    // email
    ['an e-mail address', titled({ type: 'string', format: 'email' }), 'a.b@example.com', null],
    [
      'an address without @',
      titled({ type: 'string', format: 'email' }),
      'example.com',
      'Age is not a valid email',
    ],
    [
      'an address without a domain dot',
      titled({ type: 'string', format: 'email' }),
      'maria@example',
      'Age is not a valid email',
    ],
    [
      'an address with a space',
      titled({ type: 'string', format: 'email' }),
      'maria lopez@example.com',
      'Age is not a valid email',
    ],
    // date and date-time
    ['a date', titled({ type: 'string', format: 'date' }), '2025-09-26', null],
    [
      'a day that does not exist',
      titled({ type: 'string', format: 'date' }),
      '2025-02-30',
      'Age must be a valid date',
    ],
    [
      'a date in another order',
      titled({ type: 'string', format: 'date' }),
      '26/09/2025',
      'Age must be a valid date',
    ],
    [
      'words as a date',
      titled({ type: 'string', format: 'date' }),
      'tomorrow',
      'Age must be a valid date',
    ],
    ['a date-time', titled({ type: 'string', format: 'date-time' }), '2025-09-26T10:30:00Z', null],
    [
      'a plain date as a date-time',
      titled({ type: 'string', format: 'date-time' }),
      '2025-09-26',
      null,
    ],
    [
      'an impossible hour in a date-time',
      titled({ type: 'string', format: 'date-time' }),
      '2025-09-26T25:00',
      'Age must be a valid date',
    ],
    // array
    ['a list of allowed options', titled({ type: 'array', enum: ['a', 'b'] }), ['a', 'b'], null],
    ['a string as an array', titled({ type: 'array', enum: ['a'] }), 'a', 'Age must be an array'],
    [
      'a list with an option outside the enum',
      titled({ type: 'array', enum: ['a', 'b'] }),
      ['a', 'z'],
      'Age contains invalid options',
    ],
    ['any list when there is no enum', titled({ type: 'array' }), ['z'], null],
    // types the form does not render
    ['a value of an unsupported type', titled({ type: 'object' }), { a: 1 }, null],
  ];

  it.each(table)('checks %s', (_case, field, value, expected) => {
    expect(validateField('age', field, value, false)).toBe(expected);
  });

  it('gives the first broken rule only', () => {
    const field: FieldSchema = { type: 'string', title: 'Code', minLength: 5, pattern: '^\\d+$' };
    expect(validateField('code', field, 'ab', true)).toBe('Code must be at least 5 characters');
  });
});
