/**
 * The contact form's schema for the generic form (docs/product.md#data "Contact submission",
 * #validation "Contact form"), made on the server from the commerce contract's own
 * contactSubmissionSchema with z.toJSONSchema, so that the form's limits and choices are the
 * service's. Kept here, in one place, is only what the form adds: which fields it shows and in
 * what order, their titles (the words the service's messages use, so a visitor reads the same
 * words whether the browser or the service finds the mistake), and how the message box looks.
 * The page hands the result to the form in the browser, which never loads zod or the contract.
 */
import 'server-only';
import { z } from 'zod';
import { contactSubmissionSchema } from '@aba-shop/contract';
import type { FieldSchema, FormSchema } from './form-schema';

/** What the form adds to the contract's fields, in the order the form shows them. */
const FORM_FIELDS = {
  name: { title: 'Name' },
  email: { title: 'Email' },
  phone: { title: 'Phone' },
  subject: { title: 'Subject' },
  message: { title: 'Message', format: 'textarea', rows: 6 },
  child_age: { title: "Child's age" },
} as const satisfies Record<string, Partial<FieldSchema>>;

export type ContactFieldName = keyof typeof FORM_FIELDS;

/**
 * The rules the generic form checks. Not `pattern`: the service's own e-mail pattern is
 * stricter than the basic address shape the form checks (docs/product.md#validation), and the
 * service has the last word on it.
 */
const FORM_RULES = ['type', 'format', 'enum', 'minLength', 'maxLength'] as const;

interface JsonSchemaField extends Record<string, unknown> {
  anyOf?: JsonSchemaField[];
}

type JsonSchemaObject = { properties: Record<string, JsonSchemaField>; required: string[] };

const contractSchema = (io: 'input' | 'output') =>
  z.toJSONSchema(contactSubmissionSchema, { io, unrepresentable: 'any' }) as JsonSchemaObject;

/** A field that may be null is optional: the one JSON Schema among `anyOf`, and that it was. */
function withoutNull(field: JsonSchemaField): { field: JsonSchemaField; nullable: boolean } {
  const options = field.anyOf?.filter((option) => option.type !== 'null');
  return options?.length === 1 && options[0]
    ? { field: options[0], nullable: true }
    : { field, nullable: false };
}

function buildContactFormSchema() {
  // What the service checks once it has trimmed a value; where that step cannot be written as
  // JSON Schema (the optional fields' clean-up), what it accepts.
  const checked = contractSchema('output');
  const accepted = contractSchema('input');
  const required: ContactFieldName[] = [];
  const properties = Object.fromEntries(
    Object.entries(FORM_FIELDS).map(([name, form]) => {
      const output = checked.properties[name] ?? {};
      const source = Object.keys(output).length > 0 ? output : (accepted.properties[name] ?? {});
      const { field, nullable } = withoutNull(source);
      if (accepted.required.includes(name) && !nullable) required.push(name as ContactFieldName);
      const rules = Object.fromEntries(
        FORM_RULES.flatMap((rule) => (rule in field ? [[rule, field[rule]]] : [])),
      );
      return [name, { ...rules, ...form } as FieldSchema];
    }),
  ) as Record<ContactFieldName, FieldSchema>;
  return {
    $id: 'contact_submissions-schema',
    title: 'Send Us a Message',
    description: 'Fields marked with an asterisk (*) are required.',
    properties,
    required,
  } satisfies FormSchema;
}

export const contactFormSchema = buildContactFormSchema();
