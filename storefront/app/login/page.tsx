import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LoginForm } from '@/components/auth/login-form';

export const metadata: Metadata = {
  title: 'Accedi',
  description: 'Accedi con Google o con un codice inviato via email.',
  robots: { index: false },
};

export default function LoginPage() {
  return (
    <main className="px-4 py-16" lang="it">
      <Suspense>
        <LoginForm />
      </Suspense>
    </main>
  );
}
