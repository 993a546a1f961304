import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** An admin page's metadata: its title, and no place in search engines. */
export const adminPageMetadata = (title: string): Metadata => ({
  title,
  robots: { index: false },
});

/** The frame of every admin page: the page's main content, in Italian. */
export function AdminPage({ children }: { children: ReactNode }) {
  return (
    <main lang="it" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      {children}
    </main>
  );
}
