'use client';
/** `/library/listen/{book}`: the book's audiobook in the player, from the second it was left at. */
import type { AudiobookChapter } from '@/lib/cms/chapters';
import { playerChapters } from '@/lib/library/player-chapters';
import { AudioPlayer } from './audio-player';
import { waitingPlaceOf } from '@/lib/library/use-place-keeper';
import { LibraryItem } from './library-item';

export function ListenScreen({
  bookKey,
  cmsChapters,
}: {
  bookKey: string;
  /** The book's chapters in the CMS, which name them and may place them. */
  cmsChapters: readonly AudiobookChapter[];
}) {
  return (
    <LibraryItem bookKey={bookKey} kind="mp3">
      {(book, file) => (
        <AudioPlayer
          fileKey={file.fileKey}
          url={file.streamUrl}
          bookTitle={book.title}
          chapters={playerChapters(cmsChapters, file.chapters)}
          startMs={waitingPlaceOf(file.fileKey) ?? file.progress?.position ?? 0}
        />
      )}
    </LibraryItem>
  );
}
