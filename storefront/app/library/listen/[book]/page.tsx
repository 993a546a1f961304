import type { Metadata } from 'next';
import { ListenScreen } from '@/components/library/listen-screen';
import { getAudiobookChapters, isChapterBook, type AudiobookChapter } from '@/lib/cms/chapters';

export const metadata: Metadata = { title: 'Listen', robots: { index: false } };

/** The CMS's chapters of the book; none when it cannot say (the file's own then serve). */
async function chaptersOf(book: string): Promise<AudiobookChapter[]> {
  if (!isChapterBook(book)) return [];
  try {
    return await getAudiobookChapters(book);
  } catch {
    return [];
  }
}

export default async function ListenPage({ params }: { params: Promise<{ book: string }> }) {
  const { book } = await params;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <ListenScreen bookKey={book} cmsChapters={await chaptersOf(book)} />
    </main>
  );
}
