import type { Metadata } from 'next';
import { ItalianThankYouView } from '@/components/thank-you/italian-thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Grazie: eBook ABA Case Studies',
  description: 'Il tuo eBook ABA Case Studies e il suo audiolibro.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CaseStudiesItalianThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ItalianThankYouView variant="case-studies" sessionId={sessionIdParam(await searchParams)} />
  );
}
