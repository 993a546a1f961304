import type { Metadata } from 'next';
import { ItalianThankYouView } from '@/components/thank-you/italian-thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Grazie: eBook ABA for Parents',
  description: 'Il tuo eBook ABA for Parents e il suo audiolibro.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ParentsItalianThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ItalianThankYouView variant="aba-for-parents" sessionId={sessionIdParam(await searchParams)} />
  );
}
