/**
 * The contact page's FAQ (docs/product.md#contact): four questions from the CMS, then 'Ask Your
 * Question'.
 */
import { FaqAccordion, type FaqEntry } from '@/components/faq/faq-accordion';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { AskQuestionButton } from './ask-question-button';

/** `items` is null when the CMS could not be read; the rest of the page still works. */
export function ContactFaq({ items }: { items: FaqEntry[] | null }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-4xl space-y-6 px-4">
      <h2 id="faq-heading" className="text-3xl font-bold">
        Frequently Asked Questions
      </h2>
      {items ? <FaqAccordion items={items} /> : <SectionUnavailable what="The questions" />}
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-slate-50 p-6 text-center">
        <p className="text-lg font-medium">Don&apos;t see your question here?</p>
        <AskQuestionButton />
      </div>
    </section>
  );
}
