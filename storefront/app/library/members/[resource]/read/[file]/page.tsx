import type { Metadata } from 'next';
import { MemberWorksheetScreen } from '@/components/library/member-worksheet-screen';

export const metadata: Metadata = { title: 'Worksheet', robots: { index: false } };

export default async function MemberWorksheetPage({
  params,
}: {
  params: Promise<{ resource: string; file: string }>;
}) {
  const { resource, file } = await params;
  return (
    <main className="mx-auto max-w-4xl px-2 py-6 sm:px-4">
      <MemberWorksheetScreen resourceId={resource} fileId={file} />
    </main>
  );
}
