/**
 * The subscription record form's rules (docs/product.md#validation): user_id and session_id 1–255
 * characters, a valid e-mail, all required. The limits, the e-mail check and the Italian messages
 * are the contract's own, so the browser and the server agree on what is valid and say it alike.
 */
import {
  RECORD_EMAIL_MAX_LENGTH,
  RECORD_ID_MAX_LENGTH,
  RECORD_MESSAGES,
  subscriptionRecordInputSchema,
  type SubscriptionRecordInput,
} from '@aba-shop/contract';

export type RecordField = keyof SubscriptionRecordInput;
export type RecordFormValues = Record<RecordField, string>;
export type RecordFormErrors = Partial<Record<RecordField, string>>;

export const RECORD_FIELDS: readonly RecordField[] = ['user_id', 'email', 'session_id'];
export const EMPTY_RECORD_FORM: RecordFormValues = { user_id: '', email: '', session_id: '' };

export const RECORD_FORM_MESSAGES = RECORD_MESSAGES;

const isEmail = (value: string) =>
  subscriptionRecordInputSchema.shape.email.safeParse(value).success;

/** The message for one field, or undefined when it is valid. Values are judged trimmed. */
export function validateRecordField(field: RecordField, raw: string): string | undefined {
  const value = raw.trim();
  const length = [...value].length;
  const m = RECORD_FORM_MESSAGES;
  switch (field) {
    case 'user_id':
      if (!value) return m.userIdRequired;
      return length > RECORD_ID_MAX_LENGTH ? m.userIdTooLong : undefined;
    case 'session_id':
      if (!value) return m.sessionIdRequired;
      return length > RECORD_ID_MAX_LENGTH ? m.sessionIdTooLong : undefined;
    case 'email':
      if (!value) return m.emailRequired;
      if (length > RECORD_EMAIL_MAX_LENGTH) return m.emailTooLong;
      return isEmail(value) ? undefined : m.emailInvalid;
  }
}

/** Every field's message, and the trimmed input to send when there is none. */
export function validateRecordForm(values: RecordFormValues): {
  errors: RecordFormErrors;
  input: SubscriptionRecordInput | null;
} {
  const errors: RecordFormErrors = {};
  for (const field of RECORD_FIELDS) {
    const message = validateRecordField(field, values[field]);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { errors, input: null };
  return {
    errors,
    input: {
      user_id: values.user_id.trim(),
      email: values.email.trim(),
      session_id: values.session_id.trim(),
    },
  };
}
