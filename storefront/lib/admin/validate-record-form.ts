/**
 * The subscription record form's rules (spec §5): user_id and session_id 1–255 characters,
 * a valid e-mail, all required. The e-mail check is the contract's own, so the browser and
 * the server agree on what is valid; the messages are the admin area's, in Italian.
 */
import {
  subscriptionRecordInputSchema,
  type SubscriptionRecordInput,
} from 'commerce-service/contract';

export type RecordField = keyof SubscriptionRecordInput;
export type RecordFormValues = Record<RecordField, string>;
export type RecordFormErrors = Partial<Record<RecordField, string>>;

export const RECORD_FIELDS: readonly RecordField[] = ['user_id', 'email', 'session_id'];
export const EMPTY_RECORD_FORM: RecordFormValues = { user_id: '', email: '', session_id: '' };

const MAX_ID_LENGTH = 255;
const MAX_EMAIL_LENGTH = 320;

export const RECORD_FORM_MESSAGES = {
  userIdRequired: 'Lo User ID è obbligatorio',
  userIdTooLong: `Lo User ID non può superare ${MAX_ID_LENGTH} caratteri`,
  emailRequired: "L'email è obbligatoria",
  emailInvalid: 'Inserisci un indirizzo email valido',
  emailTooLong: `L'email non può superare ${MAX_EMAIL_LENGTH} caratteri`,
  sessionIdRequired: 'Il Session ID è obbligatorio',
  sessionIdTooLong: `Il Session ID non può superare ${MAX_ID_LENGTH} caratteri`,
} as const;

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
      return length > MAX_ID_LENGTH ? m.userIdTooLong : undefined;
    case 'session_id':
      if (!value) return m.sessionIdRequired;
      return length > MAX_ID_LENGTH ? m.sessionIdTooLong : undefined;
    case 'email':
      if (!value) return m.emailRequired;
      if (length > MAX_EMAIL_LENGTH) return m.emailTooLong;
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
