import { CHILD_AGES, CONTACT_SUBJECTS, contactSubmissionSchema } from '@aba-shop/contract';
import { contactFormSchema } from './contact-form-schema';
import { initialValues } from './initial-values';
import { validateForm } from './validate-form';

const valid = {
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: '+1 555 0100',
  subject: 'ABA Strategy Help',
  message: 'How do I start with a visual schedule?',
  child_age: '4-5 years',
};

/** The commerce service's message for each field, or {} when it accepts the form. */
function serverErrors(values: Record<string, unknown>) {
  const parsed = contactSubmissionSchema.safeParse({ formId: 'contact_form', ...values });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('contactFormSchema', () => {
  it("is the contract's contact schema, with the form's titles, order and message box", () => {
    expect(contactFormSchema).toEqual({
      $id: 'contact_submissions-schema',
      title: 'Send Us a Message',
      description: 'Fields marked with an asterisk (*) are required.',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 2, maxLength: 100 },
        // The contract's longest address: the form now says so before sending.
        email: { type: 'string', title: 'Email', format: 'email', maxLength: 320 },
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
    });
    expect(Object.keys(contactFormSchema.properties)).toEqual([
      'name',
      'email',
      'phone',
      'subject',
      'message',
      'child_age',
    ]);
  });

  it('has the schema id of the contact submission', () => {
    expect(contactFormSchema.$id).toBe('contact_submissions-schema');
  });

  it('requires name, email, subject and message, and nothing else', () => {
    expect(validateForm(contactFormSchema, initialValues(contactFormSchema))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('offers the subjects and child ages of the spec', () => {
    expect(contactFormSchema.properties.subject.enum).toEqual(CONTACT_SUBJECTS);
    expect(contactFormSchema.properties.child_age.enum).toEqual(CHILD_AGES);
    expect(CONTACT_SUBJECTS).toContain('Partnership Inquiry');
    expect(CHILD_AGES).toContain('Prefer not to say');
  });

  it.each<[string, Partial<typeof valid>]>([
    ['a complete message', {}],
    ['the optional fields left empty', { phone: '', child_age: '' }],
    ['a name of 1 character', { name: 'M' }],
    ['a name of exactly 2 characters', { name: 'Mo' }],
    ['a name of 100 characters', { name: 'x'.repeat(100) }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }],
    ['an address without a domain', { email: 'maria@' }],
    ['a phone of 20 characters', { phone: '0'.repeat(20) }],
    ['a phone of 21 characters', { phone: '0'.repeat(21) }],
    ['a subject not on the list', { subject: 'Refund please' }],
    ['a message of 9 characters', { message: 'x'.repeat(9) }],
    ['a message of 10 characters', { message: 'x'.repeat(10) }],
    ['a message of 1000 characters', { message: 'x'.repeat(1000) }],
    ['a message of 1001 characters', { message: 'x'.repeat(1001) }],
    ['a child age not on the list', { child_age: '40 years' }],
    ['everything wrong at once', { name: 'M', email: 'no', phone: '0'.repeat(21), subject: 'x' }],
  ])('agrees with the commerce service on %s', (_case, change) => {
    const values = { ...valid, ...change };
    expect(validateForm(contactFormSchema, values)).toEqual(serverErrors(values));
  });
});
