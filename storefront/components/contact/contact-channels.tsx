/**
 * The two ways to reach the team at the top of the contact page (docs/product.md#contact): e-mail
 * and chat.
 */
import type { ReactNode } from 'react';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import { OpenChatButton } from './open-chat-button';
import { SUPPORT_EMAIL_DEFAULT as SUPPORT_EMAIL } from '@aba-shop/contract/constants';

function Channel({
  icon,
  title,
  text,
  children,
}: {
  /** The icon's shapes. */
  icon: ReactNode;
  title: string;
  text: string;
  /** How to use the channel. */
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <StrokeIcon className="h-12 w-12 rounded-full bg-emerald-100 p-3 text-emerald-800">
        {icon}
      </StrokeIcon>
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-slate-700">{text}</p>
      {children}
    </li>
  );
}

export function ContactChannels() {
  return (
    <section aria-labelledby="channels-heading" className="mx-auto max-w-4xl px-4">
      <h2 id="channels-heading" className="sr-only">
        Ways to reach us
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        <Channel
          icon={
            <>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </>
          }
          title="Email Us"
          text="Write to us any time. We reply within 24 hours."
        >
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="mt-4 break-all font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900"
          >
            {SUPPORT_EMAIL}
          </a>
        </Channel>
        <Channel
          icon={<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />}
          title="Live Chat"
          text="Available 24/7"
        >
          <OpenChatButton className="mt-4 font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900">
            Chat with our assistant
          </OpenChatButton>
        </Channel>
      </ul>
    </section>
  );
}
