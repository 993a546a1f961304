import type { Metadata } from 'next';
import { CheckoutCard } from '@/components/checkout/checkout-card';
import { ReviewForm } from '@/components/reviews/review-form';
import { reviewRefusalOf } from '@/components/reviews/review-refusal';
import { REVIEW_TEXTS, type ReviewLanguage } from '@/components/reviews/review-texts';
import { readReviewRequest } from '@/lib/commerce/keeping-in-touch';
import type { ReviewRequest } from '@aba-shop/contract';
import { languageOfLink } from '@aba-shop/contract/page-language';

export const metadata: Metadata = {
  title: 'Review your eBook',
  robots: { index: false },
};
export const dynamic = 'force-dynamic';

async function requestOf(
  token: string | undefined,
  language: ReviewLanguage,
): Promise<ReviewRequest | { refused: string }> {
  if (!token) return { refused: REVIEW_TEXTS[language].invalidLink };
  try {
    return await readReviewRequest(token);
  } catch (error) {
    // An altered link (404), an order refunded since (410), or a shop that cannot be reached.
    return { refused: reviewRefusalOf(error, language).text };
  }
}

/** The review request's one-time link (docs/product.md#keeping-in-touch). */
export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; lang?: string | string[] }>;
}) {
  const { token, lang } = await searchParams;
  const language = languageOfLink(lang);
  const words = REVIEW_TEXTS[language];
  const tokenText = typeof token === 'string' ? token : undefined;
  const request = await requestOf(tokenText, language);
  return (
    <main lang={language} className="bg-gradient-to-b from-slate-50 to-white px-4 py-12 sm:py-16">
      {'refused' in request ? (
        <CheckoutCard tone="neutral" icon="!">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.unavailable}</h1>
          <p className="mt-3 text-slate-700">{request.refused}</p>
        </CheckoutCard>
      ) : (
        <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {words.heading(request.productName)}
          </h1>
          {request.reviewed ? (
            <p role="status" className="mt-4 text-slate-700">
              {words.reviewed}
            </p>
          ) : (
            <>
              <p className="mt-3 mb-8 text-slate-700">{words.intro}</p>
              <ReviewForm token={tokenText as string} language={language} />
            </>
          )}
        </div>
      )}
    </main>
  );
}
