/**
 * The contact submission (spec §3 "Contact submission", §5 "Contact form") as a generic form
 * schema. Titles match the commerce service's messages, so a visitor reads the same words
 * whether the browser or the server finds the mistake.
 */
import { CHILD_AGES, CONTACT_SUBJECTS } from 'commerce-service/contact-choices';
import type { FormSchema } from './form-schema';

export const contactFormSchema = {
  $id: 'contact_submissions-schema',
  title: 'Send Us a Message',
  description: 'Fields marked with an asterisk (*) are required.',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 100 },
    email: { type: 'string', title: 'Email', format: 'email' },
    phone: { type: 'string', title: 'Phone', maxLength: 20 },
    subject: { type: 'string', title: 'Subject', enum: CONTACT_SUBJECTS },
    message: {
      type: 'string',
      title: 'Message',
      format: 'textarea',
      rows: 6,
      minLength: 10,
      maxLength: 1000,
    },
    child_age: { type: 'string', title: "Child's age", enum: CHILD_AGES },
  },
  required: ['name', 'email', 'subject', 'message'],
} as const satisfies FormSchema;

export type ContactFieldName = keyof typeof contactFormSchema.properties;
