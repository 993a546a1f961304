'use client';
/**
 * The unsubscribe page's button (docs/product.md#keeping-in-touch): it posts what a mail
 * client's one click posts (RFC 8058). Opening the page alone changes nothing, as link scanners
 * open every link in a message.
 */
import { useRef, useState } from 'react';
import { CommerceError } from '@/lib/commerce/client';
import { unsubscribeFromMail } from '@/lib/commerce/api/keeping-in-touch';
import { NEWSLETTER_TEXTS, type NewsletterLanguage } from './newsletter-texts';

export function UnsubscribeButton({
  token,
  language,
}: {
  token: string;
  language: NewsletterLanguage;
}) {
  const words = NEWSLETTER_TEXTS[language];
  const [state, setState] = useState<
    | { kind: 'ready' }
    | { kind: 'sending' }
    | { kind: 'done'; email: string }
    | { kind: 'failed'; text: string }
  >({ kind: 'ready' });
  const heading = useRef<HTMLHeadingElement>(null);

  async function unsubscribe() {
    setState({ kind: 'sending' });
    try {
      const answer = await unsubscribeFromMail(token);
      setState({ kind: 'done', email: answer.email });
      // The heading that replaced the button takes the keyboard's place.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      const refused = error instanceof CommerceError && error.kind === 'refused';
      // The shop words its refusal in English: an Italian page keeps its own words.
      const shopWords = refused && language === 'en' ? error.serverMessage : null;
      setState({
        kind: 'failed',
        text: refused ? (shopWords ?? words.invalidLink) : words.noAnswer,
      });
    }
  }

  if (state.kind === 'done')
    return (
      <div role="status">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-emerald-900 focus:outline-none"
        >
          {words.unsubscribed}
        </h2>
        <p className="mt-2 text-slate-700">{words.unsubscribedText(state.email)}</p>
      </div>
    );
  return (
    <div>
      <button
        type="button"
        onClick={unsubscribe}
        disabled={state.kind === 'sending'}
        className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
      >
        {state.kind === 'sending' ? words.unsubscribing : words.unsubscribe}
      </button>
      <p role="status" className="mt-3 text-sm font-semibold text-red-700">
        {state.kind === 'failed' ? state.text : ''}
      </p>
    </div>
  );
}
