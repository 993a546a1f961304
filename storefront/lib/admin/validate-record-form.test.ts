import { subscriptionRecordInputSchema } from '@aba-shop/contract';
import {
  RECORD_FORM_MESSAGES as m,
  validateRecordField,
  validateRecordForm,
  type RecordField,
} from './validate-record-form';

const long = (length: number) => 'x'.repeat(length);

describe('validateRecordField', () => {
  it.each<[string, RecordField, string, string | undefined]>([
    ['requires the user_id', 'user_id', '', m.userIdRequired],
    ['counts a blank user_id as empty', 'user_id', '   ', m.userIdRequired],
    ['accepts a 1-character user_id', 'user_id', 'u', undefined],
    ['accepts a 255-character user_id', 'user_id', long(255), undefined],
    ['refuses a 256-character user_id', 'user_id', long(256), m.userIdTooLong],
    ['requires the e-mail', 'email', '', m.emailRequired],
    ['refuses an e-mail without @', 'email', 'parent.example.com', m.emailInvalid],
    ['refuses an e-mail without a domain', 'email', 'parent@', m.emailInvalid],
    ['refuses an e-mail with a space inside', 'email', 'par ent@example.com', m.emailInvalid],
    ['accepts a valid e-mail', 'email', 'parent@example.com', undefined],
    ['accepts a valid e-mail with spaces around it', 'email', ' parent@example.com ', undefined],
    ['refuses an e-mail over 320 characters', 'email', `${long(315)}@example.com`, m.emailTooLong],
    ['requires the session_id', 'session_id', '', m.sessionIdRequired],
    ['accepts a 255-character session_id', 'session_id', long(255), undefined],
    ['refuses a 256-character session_id', 'session_id', long(256), m.sessionIdTooLong],
  ])('%s', (_behaviour, field, value, expected) => {
    expect(validateRecordField(field, value)).toBe(expected);
  });
});

describe('validateRecordForm', () => {
  it('reports every invalid field at once and gives no input', () => {
    expect(validateRecordForm({ user_id: '', email: 'nope', session_id: '' })).toEqual({
      errors: {
        user_id: m.userIdRequired,
        email: m.emailInvalid,
        session_id: m.sessionIdRequired,
      },
      input: null,
    });
  });

  it('gives the trimmed input, which the server accepts, when every field is valid', () => {
    const result = validateRecordForm({
      user_id: ' user_1 ',
      email: ' parent@example.com ',
      session_id: ' cs_test_1 ',
    });
    expect(result).toEqual({
      errors: {},
      input: { user_id: 'user_1', email: 'parent@example.com', session_id: 'cs_test_1' },
    });
    expect(subscriptionRecordInputSchema.safeParse(result.input).success).toBe(true);
  });
});
