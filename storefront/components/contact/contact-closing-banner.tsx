/**
 * The closing banner of the contact page (docs/product.md#contact): Email Support and Start Live
 * Chat.
 */
import { OpenChatButton } from './open-chat-button';
import { SUPPORT_EMAIL_DEFAULT as SUPPORT_EMAIL } from '@aba-shop/contract/constants';

const buttonClass = 'inline-block rounded-lg px-6 py-3 font-semibold';

export function ContactClosingBanner() {
  return (
    <section aria-labelledby="contact-banner-heading" className="mx-auto max-w-6xl px-4">
      <div className="rounded-2xl bg-emerald-800 px-6 py-12 text-center text-white">
        <h2 id="contact-banner-heading" className="text-3xl font-bold">
          Still Need Help?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-emerald-50">
          Our team supports parents every step of the way. Write to us or start a chat, and we will
          help you find the right next step for your family.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={`${buttonClass} bg-white text-emerald-900 hover:bg-emerald-50`}
          >
            Email Support
          </a>
          <OpenChatButton
            className={`${buttonClass} border border-white text-white hover:bg-emerald-700`}
          >
            Start Live Chat
          </OpenChatButton>
        </div>
      </div>
    </section>
  );
}
