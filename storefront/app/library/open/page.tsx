import type { Metadata } from 'next';
import { LibraryOpener } from '@/components/library/library-opener';

export const metadata: Metadata = {
  title: 'Opening your library',
  robots: { index: false },
  // The page is reached from an e-mail: it passes no address on to anyone.
  referrer: 'no-referrer',
};

export default function LibraryOpenPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Your library</h1>
      <LibraryOpener />
    </main>
  );
}
