import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OAuthCallback } from '@/components/auth/oauth-callback';

export const metadata: Metadata = { title: 'Logging in', robots: { index: false } };

export default function AuthCallbackPage() {
  return (
    <Suspense>
      <OAuthCallback />
    </Suspense>
  );
}
