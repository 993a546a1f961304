/** The contact form's call (docs/product.md#api POST /api/forms/submit). */
import type { ContactResponse, ContactSubmission } from '@aba-shop/contract';
import { callCommerce } from '../client';
import contactResponse from '../contract-schemas/contact-response.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

/** The service answers `{ success, message, errors? }`, refusals too (CommerceError.body). */
export const contactAnswer = jsonSchemaAnswer<ContactResponse>(contactResponse);

/** The form's fields as typed, the hidden one left out; the service checks them all. */
export type ContactSubmissionBody = Record<Exclude<keyof ContactSubmission, 'website'>, string>;

export const submitContactSubmission = (submission: ContactSubmissionBody) =>
  callCommerce({
    path: '/api/forms/submit',
    method: 'POST',
    body: submission,
    answer: contactAnswer,
  });
