'use client';
/**
 * The footer's newsletter sign-up (docs/product.md#keeping-in-touch), in the page's language as
 * the rest of the footer's words that follow the page (docs/product.md#languages).
 */
import { usePathname } from 'next/navigation';
import { pageLanguage } from '@aba-shop/contract/page-language';
import { NewsletterSignUp } from './newsletter-sign-up';
import { NEWSLETTER_TEXTS } from './newsletter-texts';

export function FooterNewsletter() {
  const language = pageLanguage(usePathname() ?? '/');
  return (
    <section aria-labelledby="footer-newsletter" lang={language} className="max-w-xl">
      <h2 id="footer-newsletter" className="text-lg font-semibold text-white">
        {NEWSLETTER_TEXTS[language].heading}
      </h2>
      <div className="mt-3">
        <NewsletterSignUp source="footer" language={language} />
      </div>
    </section>
  );
}
