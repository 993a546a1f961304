'use client';
/** `/library/read/{book}`: the book's PDF in the reader, from the page it was left at. */
import { waitingPlaceOf } from '@/lib/library/use-place-keeper';
import { LibraryItem } from './library-item';
import { PdfReader } from './pdf-reader';

export function ReaderScreen({ bookKey }: { bookKey: string }) {
  return (
    <LibraryItem bookKey={bookKey} kind="pdf">
      {(book, file) => (
        <PdfReader
          fileKey={file.fileKey}
          url={file.streamUrl}
          title={book.title}
          downloadUrl={file.downloadUrl}
          startPage={waitingPlaceOf(file.fileKey) ?? (file.progress?.position || 1)}
        />
      )}
    </LibraryItem>
  );
}
