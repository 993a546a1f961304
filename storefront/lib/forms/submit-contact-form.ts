/**
 * Sends the contact form to the commerce service (docs/product.md#api POST /api/forms/submit)
 * and says whether it went: only an ok answer that says `success` is a sent message.
 */
import { contactAnswer, submitContactSubmission } from '@/lib/commerce/api/contact';
import { checkAnswer, CommerceError } from '@/lib/commerce/client';
import type { FieldErrors, FormValues } from './form-schema';

export type ContactSubmitResult =
  | { sent: true; message: string }
  /** Not sent: a refusal, a server error, an unreadable answer or no network. */
  | { sent: false; errors?: FieldErrors };

const text = (value: FormValues[string] | undefined) => (typeof value === 'string' ? value : '');

/** The field errors a refusal lists, when its body is the service's contact answer. */
async function refusalErrors(error: unknown): Promise<FieldErrors | undefined> {
  if (!(error instanceof CommerceError) || error.kind !== 'refused') return undefined;
  const answer = await checkAnswer(contactAnswer, error.body);
  return answer.ok ? answer.value.errors : undefined;
}

export async function submitContactForm(values: FormValues): Promise<ContactSubmitResult> {
  try {
    const answer = await submitContactSubmission({
      formId: 'contact_form',
      name: text(values.name),
      email: text(values.email),
      phone: text(values.phone),
      subject: text(values.subject),
      message: text(values.message),
      child_age: text(values.child_age),
    });
    return answer.success
      ? { sent: true, message: answer.message }
      : { sent: false, errors: answer.errors };
  } catch (error) {
    console.error('The contact form could not be sent', error);
    return { sent: false, errors: await refusalErrors(error) };
  }
}
