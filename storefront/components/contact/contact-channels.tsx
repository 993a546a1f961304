/**
 * The two ways to reach the team at the top of the contact page (docs/product.md#contact): e-mail
 * and chat.
 */
import { OpenChatButton } from './open-chat-button';
import { SUPPORT_EMAIL } from './support-email';

const cardClass =
  'flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200';
const iconClass = 'h-12 w-12 rounded-full bg-emerald-100 p-3 text-emerald-800';

export function ContactChannels() {
  return (
    <section aria-labelledby="channels-heading" className="mx-auto max-w-4xl px-4">
      <h2 id="channels-heading" className="sr-only">
        Ways to reach us
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        <li className={cardClass}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={iconClass}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
          <h3 className="mt-4 text-xl font-semibold">Email Us</h3>
          <p className="mt-2 text-slate-700">Write to us any time. We reply within 24 hours.</p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="mt-4 break-all font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900"
          >
            {SUPPORT_EMAIL}
          </a>
        </li>
        <li className={cardClass}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={iconClass}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
          </svg>
          <h3 className="mt-4 text-xl font-semibold">Live Chat</h3>
          <p className="mt-2 text-slate-700">Available 24/7</p>
          <OpenChatButton className="mt-4 font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900">
            Chat with our assistant
          </OpenChatButton>
        </li>
      </ul>
    </section>
  );
}
