import type { Metadata } from 'next';
import { ButtonLink } from '@/components/layout/button-link';

export const metadata: Metadata = {
  title: 'Page Not Found',
  description: 'This page does not exist. The eBooks, the blog and our support are one click away.',
  robots: { index: false },
};

const WAYS_BACK = [
  {
    href: '/shop',
    label: 'Browse the eBooks',
    text: 'Our three ABA guides for parents, each with its audiobook.',
  },
  {
    href: '/blog',
    label: 'Read the blog',
    text: 'Practical articles for families starting out with ABA.',
  },
  {
    href: '/contact',
    label: 'Contact us',
    text: 'Looking for something? We reply within 24 hours.',
  },
] as const;

/**
 * Every URL the shop does not know: a 404 rendered on the server inside the shop's header and
 * footer, with ways back, so visitors without JavaScript and crawlers get a real page
 * (docs/product.md, "Pages that do not exist").
 */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
        Sorry, we could not find this page. It may have moved, or the address may have a typo.
      </p>
      <ul className="mt-10 grid gap-4 text-left sm:grid-cols-3">
        {WAYS_BACK.map((way) => (
          <li key={way.href} className="rounded-xl border border-slate-200 p-5">
            <ButtonLink href={way.href} className="w-full text-center">
              {way.label}
            </ButtonLink>
            <p className="mt-3 text-sm text-slate-700">{way.text}</p>
          </li>
        ))}
      </ul>
      <ButtonLink href="/" variant="secondary" className="mt-10">
        Back to Home
      </ButtonLink>
    </main>
  );
}
