import type { Metadata } from 'next';
import { LibraryShelf } from '@/components/library/library-shelf';

export const metadata: Metadata = { title: 'Your library', robots: { index: false } };

export default function LibraryPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Your library</h1>
      <LibraryShelf />
    </main>
  );
}
