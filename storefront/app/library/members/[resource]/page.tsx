import type { Metadata } from 'next';
import { MemberResourceScreen } from '@/components/library/member-resource-screen';

export const metadata: Metadata = { title: 'Member resource', robots: { index: false } };

export default async function MemberResourcePage({
  params,
}: {
  params: Promise<{ resource: string }>;
}) {
  const { resource } = await params;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <MemberResourceScreen resourceId={resource} />
    </main>
  );
}
