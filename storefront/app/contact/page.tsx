import type { Metadata } from 'next';
import { ContactChannels } from '@/components/contact/contact-channels';
import { ContactClosingBanner } from '@/components/contact/contact-closing-banner';
import { ContactFaq } from '@/components/contact/contact-faq';
import { ContactFormProvider } from '@/components/contact/contact-form-context';
import { ContactFormSection } from '@/components/contact/contact-form-section';
import { JsonLd } from '@/components/seo/json-ld';
import { getFaqItems } from '@/lib/cms/faq';
import { contactFormSchema } from '@/lib/forms/contact-form-schema';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { faqPageData } from '@/lib/seo/structured-data';

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: 'Contact Us',
  description:
    'Questions about ABA, our eBooks or your order? Send us a message, e-mail us or chat with us: we reply within 24 hours.',
  path: '/contact',
});

export default async function ContactPage() {
  const faqItems = await getFaqItems('contact').catch(() => null);
  return (
    <main className="space-y-16 pb-8">
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 pb-4 pt-16 text-center">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Get in Touch</h1>
          <p className="mt-4 text-lg text-slate-700">
            Questions about ABA strategies, our eBooks or your order? We are here to help, and we
            reply within 24 hours.
          </p>
        </div>
      </section>
      <ContactFormProvider>
        <ContactChannels />
        <ContactFormSection schema={contactFormSchema} />
        <ContactFaq items={faqItems} />
        <ContactClosingBanner />
      </ContactFormProvider>
      {faqItems ? <JsonLd data={faqPageData(faqItems)} /> : null}
    </main>
  );
}
