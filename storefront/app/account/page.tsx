import type { Metadata } from 'next';
import { DataRights } from '@/components/account/data-rights';
import { MyPurchases } from '@/components/auth/my-purchases';

export const metadata: Metadata = { title: 'Your purchases', robots: { index: false } };

export default function AccountPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Your purchases</h1>
      <MyPurchases />
      <DataRights />
    </main>
  );
}
