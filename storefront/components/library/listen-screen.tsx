'use client';
/** `/library/listen/{book}`: the book's audiobook in the player, from the second it was left at. */
import { AudioPlayer, type AudioChapter } from './audio-player';
import { LibraryItem } from './library-item';

export function ListenScreen({
  bookKey,
  chapters,
}: {
  bookKey: string;
  chapters: readonly AudioChapter[];
}) {
  return (
    <LibraryItem bookKey={bookKey} kind="mp3">
      {(book, file) => (
        <AudioPlayer
          fileKey={file.fileKey}
          url={file.streamUrl}
          bookTitle={book.title}
          chapters={chapters}
          startMs={file.progress?.position ?? 0}
        />
      )}
    </LibraryItem>
  );
}
