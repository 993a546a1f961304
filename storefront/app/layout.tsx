import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { inter } from './fonts';
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
        <SiteHeader />
        {children}
      </body>
    </html>
  );
}
