import type { Metadata } from 'next';
import { CompletePackView } from '@/components/thank-you/complete-pack-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Thank You: eBook ABA Complete Pack',
  description: 'Your complete ABA resource library: both eBooks and both audiobooks.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CompletePackThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return <CompletePackView sessionId={sessionIdParam(await searchParams)} />;
}
