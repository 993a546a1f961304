'use client';
/**
 * 'Send Us a Message' (docs/product.md#contact, #states): the generic form on the contact schema,
 * then the success view. A failure keeps the visitor's text on the form and says so in an alert;
 * any field errors the server found are shown under their fields as well.
 */
import { useEffect, useRef, useState } from 'react';
import { SchemaForm, type SchemaFormHandle } from '@/components/forms/schema-form';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import type { FormSchema, FormValues } from '@/lib/forms/form-schema';
import { submitContactForm } from '@/lib/forms/submit-contact-form';
import { useContactForm } from './contact-form-context';

export const CONTACT_FAILURE_ALERT =
  'There was an error submitting your message. Please try again.';

/** `schema`: the contact form's schema, made from the commerce contract on the server. */
export function ContactFormSection({ schema }: { schema: FormSchema }) {
  const { view, setView, subjectFocusRequest } = useContactForm();
  const form = useRef<SchemaFormHandle>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const [thanks, setThanks] = useState('');
  // Where the keyboard goes once the view has switched, so it never lands on a removed button.
  const focusAfterSwitch = useRef<'success' | 'form' | null>(null);

  useEffect(() => {
    if (subjectFocusRequest > 0) form.current?.focusField('subject');
  }, [subjectFocusRequest]);

  useEffect(() => {
    const heading = successHeading.current;
    if (focusAfterSwitch.current === 'success' && heading) {
      // Centred rather than scrolled by focus alone, which would tuck it under the sticky navbar.
      heading.scrollIntoView?.({ block: 'center' });
      heading.focus({ preventScroll: true });
    }
    if (focusAfterSwitch.current === 'form') form.current?.focusField('name');
    focusAfterSwitch.current = null;
  }, [view]);

  async function send(values: FormValues) {
    const result = await submitContactForm(values);
    if (result.sent) {
      setThanks(result.message);
      focusAfterSwitch.current = 'success';
      // The form unmounts here, so the next one starts empty (docs/product.md#states: cleared after
      // success).
      setView('sent');
      return;
    }
    window.alert(CONTACT_FAILURE_ALERT);
    return { errors: result.errors };
  }

  function sendAnother() {
    focusAfterSwitch.current = 'form';
    setView('form');
  }

  return (
    <section aria-labelledby="contact-form-heading" className="mx-auto max-w-3xl px-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h2 id="contact-form-heading" className="text-3xl font-bold">
          {schema.title}
        </h2>
        {view === 'sent' ? (
          <div className="mt-6 rounded-xl bg-emerald-50 p-6 text-center">
            <StrokeIcon className="mx-auto h-12 w-12 text-emerald-700">
              <circle cx="12" cy="12" r="10" />
              <path d="m8 12 3 3 5-6" />
            </StrokeIcon>
            <h3
              ref={successHeading}
              tabIndex={-1}
              className="mt-4 text-2xl font-bold text-emerald-900 focus:outline-none"
            >
              Message Sent Successfully!
            </h3>
            <p className="mt-2 text-slate-700">{thanks}</p>
            <button
              type="button"
              onClick={sendAnother}
              className="mt-6 rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
            >
              Send Another Message
            </button>
          </div>
        ) : (
          <div className="mt-6">
            <SchemaForm
              ref={form}
              schema={schema}
              onSubmit={send}
              submitLabel="Send Message"
              submittingLabel="submitting..."
            />
          </div>
        )}
      </div>
    </section>
  );
}
