import type { Metadata } from 'next';
import { ReaderScreen } from '@/components/library/reader-screen';

export const metadata: Metadata = { title: 'Read', robots: { index: false } };

export default async function ReadPage({ params }: { params: Promise<{ book: string }> }) {
  const { book } = await params;
  return (
    <main className="mx-auto max-w-4xl px-2 py-6 sm:px-4">
      <ReaderScreen bookKey={book} />
    </main>
  );
}
