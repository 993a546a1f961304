import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { CartProvider } from '@/components/cart/cart-provider';
import { ChatAssistant } from '@/components/chat/chat-assistant';
import { PageTracking } from '@/components/tracking/page-tracking';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { TestModeBanner } from '@/components/layout/test-mode-banner';
import { JsonLd } from '@/components/seo/json-ld';
import { storefrontConfig } from '@/lib/config';
import { organizationData, SITE_NAME } from '@/lib/seo/structured-data';
import './globals.css';

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(storefrontConfig().SITE_URL),
    title: {
      default: 'ABA Parent Guides: eBooks for parents of autistic children',
      template: `%s | ${SITE_NAME}`,
    },
    description:
      'Practical, evidence-based ABA strategies for parents and caregivers of autistic children: eBooks with audiobooks, instant download.',
    openGraph: { siteName: SITE_NAME, type: 'website', locale: 'en_US' },
    twitter: { card: 'summary_large_image' },
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <Suspense>
          <TestModeBanner />
        </Suspense>
        <Suspense>
          <ScrollToTop />
          <PageTracking />
        </Suspense>
        <CartProvider>
          <SiteHeader />
          <div id="main-content">{children}</div>
        </CartProvider>
        <SiteFooter />
        <Suspense>
          <ChatAssistant />
        </Suspense>
        <JsonLd data={organizationData(storefrontConfig().SITE_URL)} />
      </body>
    </html>
  );
}
