import type { Metadata } from 'next';
import { SignInLink } from '@/components/auth/sign-in-link';

export const metadata: Metadata = {
  title: 'Accedi con il link',
  robots: { index: false },
};

export default function SignInLinkPage() {
  return (
    <main className="px-4 py-16" lang="it">
      <SignInLink />
    </main>
  );
}
