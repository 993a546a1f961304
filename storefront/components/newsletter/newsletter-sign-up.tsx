'use client';
/**
 * The newsletter's sign-up (docs/product.md#keeping-in-touch), in the footer and on the blog:
 * an e-mail, the consent box left unticked, and Subscribe. The shop answers the same whoever the
 * address is and e-mails the link that subscribes (double opt-in); the answer is read out
 * politely, a refusal next to the form.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { CommerceError } from '@/lib/commerce/client';
import { signUpForNewsletter } from '@/lib/commerce/api/keeping-in-touch';
import { hasEmailShape } from '@/lib/forms/validate-field';
import { NEWSLETTER_TEXTS, type NewsletterLanguage } from './newsletter-texts';

type Field = 'email' | 'consent';
type Outcome =
  | { kind: 'sent'; text: string }
  /** `field`: the one at fault, which the message describes; null when the shop refused. */
  | { kind: 'refused'; text: string; field: Field | null }
  | null;

export function NewsletterSignUp({
  source,
  language,
  tone = 'dark',
}: {
  source: 'footer' | 'blog';
  language: NewsletterLanguage;
  /** `dark`: light text on the footer's or a band's dark ground. */
  tone?: 'dark' | 'light';
}) {
  const words = NEWSLETTER_TEXTS[language];
  const id = useId();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const consentField = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    if (!hasEmailShape(email)) {
      setOutcome({ kind: 'refused', text: words.emailNeeded, field: 'email' });
      emailField.current?.focus();
      return;
    }
    if (data.get('consent') !== 'yes') {
      setOutcome({ kind: 'refused', text: words.consentNeeded, field: 'consent' });
      consentField.current?.focus();
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const answer = await signUpForNewsletter({
        email,
        source,
        language,
        website: String(data.get('website') ?? ''),
      });
      // The shop answers in English; an Italian page gives the same answer in Italian.
      setOutcome({ kind: 'sent', text: language === 'en' ? answer.message : words.almostThere });
    } catch (error) {
      const refused = error instanceof CommerceError && error.kind === 'refused';
      setOutcome({
        kind: 'refused',
        text: refused && error.serverMessage ? error.serverMessage : words.noAnswer,
        field: null,
      });
    } finally {
      setSending(false);
    }
  }

  const muted = tone === 'dark' ? 'text-slate-200' : 'text-slate-700';
  const faulty = (field: Field) => outcome?.kind === 'refused' && outcome.field === field;
  /** The message is tied to the field it is about; a refusal of the shop's, to the address. */
  const describedBy = (field: Field) =>
    faulty(field) || (field === 'email' && outcome?.kind === 'refused' && outcome.field === null)
      ? `${id}-outcome`
      : undefined;
  const input =
    'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-emerald-500';
  return (
    <form
      aria-label={words.formName}
      onSubmit={submit}
      noValidate
      lang={language}
      className="space-y-3 text-left"
    >
      <label htmlFor={`${id}-email`} className={`block text-sm font-medium ${muted}`}>
        {words.email}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={emailField}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          className={input}
          aria-invalid={faulty('email') || undefined}
          aria-describedby={describedBy('email')}
        />
        <button
          type="submit"
          disabled={sending}
          className="shrink-0 rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {sending ? words.subscribing : words.subscribe}
        </button>
      </div>
      <label className={`flex items-start gap-2 text-sm ${muted}`}>
        <input
          ref={consentField}
          name="consent"
          type="checkbox"
          value="yes"
          aria-invalid={faulty('consent') || undefined}
          aria-describedby={describedBy('consent')}
          className="mt-1 h-4 w-4 shrink-0"
        />
        <span>{words.consent}</span>
      </label>
      {/* A field people never see: bots fill it in. */}
      <input
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
        className="hidden"
      />
      <p
        id={`${id}-outcome`}
        role="status"
        className={`text-sm font-semibold ${
          outcome?.kind === 'refused'
            ? tone === 'dark'
              ? 'text-amber-300'
              : 'text-red-700'
            : tone === 'dark'
              ? 'text-emerald-200'
              : 'text-emerald-800'
        }`}
      >
        {outcome?.text}
      </p>
    </form>
  );
}
