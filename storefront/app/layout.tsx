import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { inter } from './fonts';
import { ChatOnContentPages } from '@/components/chat/chat-on-content-pages';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import './globals.css';

export const metadata: Metadata = {
  title: {
    default: 'ABA Parent Guides: eBooks for parents of autistic children',
    template: '%s | ABA Parent Guides',
  },
  description:
    'Practical, evidence-based ABA strategies for parents and caregivers of autistic children: eBooks with audiobooks, instant download.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <Suspense>
          <ScrollToTop />
        </Suspense>
        <SiteHeader />
        <div id="main-content">{children}</div>
        <SiteFooter />
        <ChatOnContentPages />
      </body>
    </html>
  );
}
