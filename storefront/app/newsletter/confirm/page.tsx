import type { Metadata } from 'next';
import { NewsletterConfirmation } from '@/components/newsletter/newsletter-confirmation';
import { languageOfLink } from '@aba-shop/contract/page-language';

export const metadata: Metadata = {
  title: 'Newsletter subscription',
  robots: { index: false },
};
// Each visit is one person's link, and opening it confirms (docs/product.md#keeping-in-touch).
export const dynamic = 'force-dynamic';

/** `?token=…` from the confirmation e-mail; `?lang=it` when the e-mail was Italian. */
export default async function NewsletterConfirmPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; lang?: string | string[] }>;
}) {
  const { token, lang } = await searchParams;
  return (
    <NewsletterConfirmation
      token={typeof token === 'string' && token ? token : undefined}
      language={languageOfLink(lang)}
    />
  );
}
