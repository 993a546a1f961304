/**
 * Sends the contact form to the commerce service (spec §7 POST /api/forms/submit), on the
 * storefront's own origin. The answer is checked against the service's response type.
 */
import type { ContactResponse } from 'commerce-service/contract';
import type { FieldErrors, FormValues } from '@/lib/forms/form-schema';

export type ContactSubmitResult =
  | { sent: true; message: string }
  /** Not sent: a refusal, a server error, an unreadable answer or no network. */
  | { sent: false; errors?: FieldErrors };

const text = (value: FormValues[string] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The answer's shape, checked by hand: this runs in the browser, where zod would add tens of
 * kilobytes to the contact page for one small object.
 */
function isContactResponse(value: unknown): value is ContactResponse {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  const errors = body.errors;
  return (
    typeof body.success === 'boolean' &&
    typeof body.message === 'string' &&
    (errors === undefined ||
      (typeof errors === 'object' &&
        errors !== null &&
        Object.values(errors).every((message) => typeof message === 'string')))
  );
}

export async function submitContactForm(values: FormValues): Promise<ContactSubmitResult> {
  let response: Response;
  try {
    response = await fetch('/api/forms/submit', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        formId: 'contact_form',
        name: text(values.name),
        email: text(values.email),
        phone: text(values.phone),
        subject: text(values.subject),
        message: text(values.message),
        child_age: text(values.child_age),
      }),
    });
  } catch (error) {
    console.error('The contact form could not be sent', error);
    return { sent: false };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isContactResponse(body)) {
    console.error('The contact form got an unreadable answer', response.status);
    return { sent: false };
  }
  // Both must agree: a 200 that says success false, or an error status, is not a sent message.
  if (response.ok && body.success) return { sent: true, message: body.message };
  return { sent: false, errors: body.errors };
}
