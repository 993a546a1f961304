import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { formatListDate } from '@/lib/blog/dates';
import { getLegalPage, type LegalPage, type LegalSlug } from '@/lib/cms/legal-pages';

const TITLES: Record<LegalSlug, string> = {
  'privacy-policy': 'Privacy Policy',
  'terms-and-conditions': 'Terms and Conditions',
  'no-refund-policy': 'No Refund Policy',
  accessibility: 'Accessibility Statement',
};

const DESCRIPTIONS: Partial<Record<LegalSlug, string>> = {
  accessibility:
    'How accessible ABA Parent Guides is: our WCAG 2.2 AA target, how we check it, the gaps we know of and how to reach us.',
};

async function load(slug: LegalSlug): Promise<LegalPage | null | 'failed'> {
  try {
    return await getLegalPage(slug);
  } catch {
    return 'failed';
  }
}

export function legalMetadata(slug: LegalSlug): Metadata {
  return pageMetadata({
    title: TITLES[slug],
    description:
      DESCRIPTIONS[slug] ??
      `The ${TITLES[slug]} of ABA Parent Guides: what applies when you use the site and buy our eBooks.`,
    path: `/${slug}`,
  });
}

/**
 * A legal page or the accessibility statement from the CMS (docs/product.md#legal-pages,
 * #accessibility): its title, its dated line and its numbered sections.
 */
export async function LegalPageView({ slug }: { slug: LegalSlug }) {
  const page = await load(slug);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">
        {page && page !== 'failed' ? page.title : TITLES[slug]}
      </h1>
      {page && page !== 'failed' ? (
        <>
          <p className="mt-3 text-slate-600">
            {page.dateLabel} <time dateTime={page.date}>{formatListDate(page.date)}</time>
          </p>
          <ol className="mt-10 space-y-10">
            {page.sections.map((section, index) => (
              <li key={section.heading}>
                <section aria-labelledby={`section-${index + 1}`}>
                  <h2 id={`section-${index + 1}`} className="text-2xl font-semibold">
                    {index + 1}. {section.heading}
                  </h2>
                  <div
                    className="mt-3 space-y-3 leading-relaxed text-slate-800 [&_a]:text-emerald-800 [&_a]:underline [&_li]:ml-6 [&_ul]:list-disc"
                    dangerouslySetInnerHTML={{ __html: section.html }}
                  />
                </section>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <div className="mt-8">
          <SectionUnavailable what={`The ${TITLES[slug]}`} />
        </div>
      )}
    </main>
  );
}
