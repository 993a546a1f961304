/**
 * The pieces the thank-you pages share (docs/product.md#thank-you-pages), coloured by the product's
 * theme.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ThankYouTheme } from '@/lib/checkout/thank-you-catalogue';
import { PurchaseDownloads } from './purchase-downloads';

export function ThankYouHero({
  theme,
  heading,
  children,
}: {
  theme: ThankYouTheme;
  heading: string;
  children?: ReactNode;
}) {
  return (
    <section className={`px-4 pb-6 pt-12 text-center sm:pt-16 ${theme.hero}`}>
      <div className="mx-auto max-w-3xl">
        <div
          aria-hidden="true"
          className={`mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full text-3xl ${theme.solid}`}
        >
          ✓
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        {children}
      </div>
    </section>
  );
}

export function ThankYouCard({
  theme,
  title,
  id,
  children,
  tone = 'plain',
}: {
  theme: ThankYouTheme;
  title: string;
  id: string;
  children: ReactNode;
  tone?: 'plain' | 'soft';
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border p-5 sm:p-8 ${tone === 'soft' ? theme.soft : 'border-slate-200 bg-white'}`}
    >
      <h2 id={id} className={`text-xl font-bold sm:text-2xl ${theme.accent}`}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** 'Your Downloads': the purchase's files, or the 'e-mail me my links' form without one. */
export function DownloadsCard({
  theme,
  sessionId,
  pageProductId,
}: {
  theme: ThankYouTheme;
  sessionId: string | null;
  /** The page's own eBook, whose files come first; null for the generic page. */
  pageProductId: string | null;
}) {
  return (
    <ThankYouCard theme={theme} title="Your Downloads" id="downloads">
      <PurchaseDownloads
        sessionId={sessionId}
        pageProductId={pageProductId}
        buttonClass={theme.solid}
      />
    </ThankYouCard>
  );
}

export function ConfirmationEmailNote({ theme }: { theme: ThankYouTheme }) {
  return (
    <p className={`rounded-xl border p-4 text-slate-800 ${theme.soft}`}>
      <span aria-hidden="true">✉️ </span>
      We have sent you a confirmation e-mail with your PDF download link. If it is not in your inbox
      within a few minutes, please check your spam folder.
    </p>
  );
}

const BENEFITS = [
  ['Instant PDF download', 'Read it on your phone, tablet or computer, or print it.'],
  ['Audiobook included', 'Listen while you drive, cook or rest.'],
  ['Practical and safe strategies', 'Evidence-based steps you can use at home today.'],
  ['Lifetime access, no login', 'Your guide is yours to keep, with no account needed.'],
] as const;

export function BenefitsList({ theme }: { theme: ThankYouTheme }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {BENEFITS.map(([title, text]) => (
        <li key={title} className="flex gap-3 rounded-xl border border-slate-200 p-4">
          <span aria-hidden="true" className={`font-bold ${theme.accent}`}>
            ✓
          </span>
          <span>
            <strong className="block">{title}</strong>
            <span className="text-sm text-slate-700">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function HowToListen({ theme }: { theme: ThankYouTheme }) {
  return (
    <ThankYouCard
      theme={theme}
      title="How to Listen to the Audiobook"
      id="listen-heading"
      tone="soft"
    >
      <ol className="list-decimal space-y-2 pl-5 text-slate-800">
        <li>Tap the audiobook download button above; the MP3 file saves to your device.</li>
        <li>
          On a phone, open it from your Downloads or Files app; it plays in any music or podcast
          player.
        </li>
        <li>On a computer, double-click the file or drag it into your music library.</li>
      </ol>
    </ThankYouCard>
  );
}

const NEXT_STEPS = [
  ['Download Your eBook', 'Save the PDF and the audiobook so they are always at hand.'],
  ['Start with Chapter 1', 'It sets up the basics every later strategy builds on.'],
  [
    'Apply with Patience',
    'Small, consistent steps: most families notice changes within 2-4 weeks.',
  ],
] as const;

/**
 * Numbered steps, each a title and a line of text: side by side from sm up, each saying its
 * number to a screen reader too (the English pages' 'Your Next Steps'), or one under the other.
 */
export function NextSteps({
  theme,
  title = 'Your Next Steps',
  steps = NEXT_STEPS,
  layout = 'grid',
}: {
  theme: ThankYouTheme;
  title?: string;
  steps?: readonly (readonly [title: string, text: string])[];
  layout?: 'grid' | 'list';
}) {
  const grid = layout === 'grid';
  return (
    <ThankYouCard theme={theme} title={title} id="next-steps-heading">
      <ol className={grid ? 'grid gap-4 sm:grid-cols-3' : 'space-y-3'}>
        {steps.map(([step, text], index) => (
          <li key={step} className={grid ? 'flex gap-3 sm:flex-col' : 'flex gap-3'}>
            <span
              aria-hidden="true"
              className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${theme.solid}`}
            >
              {index + 1}
            </span>
            <span>
              <strong className="block">
                {grid ? <span className="sr-only">{index + 1}. </span> : null}
                {step}
              </strong>
              <span className="text-sm text-slate-700">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </ThankYouCard>
  );
}

export interface ThankYouLink {
  href: string;
  label: string;
}

export function ThankYouLinks({
  theme,
  links,
  label = 'Where to go next',
}: {
  theme: ThankYouTheme;
  links: ThankYouLink[];
  label?: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {links.map((link, index) => (
        <Link
          key={link.href}
          href={link.href}
          className={`rounded-lg px-6 py-3 text-center font-semibold ${
            index === 0 ? theme.solid : 'border border-slate-300 text-slate-900 hover:bg-slate-50'
          }`}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

export function ClosingBanner({
  theme,
  heading = 'You Are Doing Something Wonderful for Your Child',
  text = 'Every small step counts. We are here whenever you need support on your ABA journey.',
}: {
  theme: ThankYouTheme;
  heading?: string;
  text?: string;
}) {
  return (
    <section
      aria-labelledby="closing-heading"
      className={`rounded-2xl p-6 text-center sm:p-10 ${theme.banner}`}
    >
      <h2 id="closing-heading" className="text-2xl font-bold">
        {heading}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl">{text}</p>
    </section>
  );
}
