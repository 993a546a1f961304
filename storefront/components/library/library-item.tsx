'use client';
/**
 * A library page for one book's file (the reader's PDF, the player's audio): the library's
 * states first, then the page's own view of the file, or what to do when the buyer does not
 * own it.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { LibraryBook, LibraryFile } from '@aba-shop/contract';
import { LibraryGate } from './library-gate';

export function LibraryItem({
  bookKey,
  kind,
  children,
}: {
  bookKey: string;
  kind: LibraryFile['kind'];
  children: (book: LibraryBook, file: LibraryFile) => ReactNode;
}) {
  return (
    <LibraryGate>
      {(library) => {
        const book = library.books.find((entry) => entry.bookKey === bookKey);
        const file = book?.files.find((entry) => entry.kind === kind);
        if (!book || !file) {
          return (
            <p role="alert">
              This book is not in your library.{' '}
              <Link href="/library" className="font-semibold text-emerald-800 underline">
                Back to your library
              </Link>
            </p>
          );
        }
        return (
          <>
            <p className="mb-2">
              <Link href="/library" className="font-semibold text-emerald-800 underline">
                ← Your library
              </Link>
            </p>
            <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{book.title}</h1>
            {children(book, file)}
          </>
        );
      }}
    </LibraryGate>
  );
}
