'use client';
/** `/library/read/{book}`: the book's PDF in the reader, from the page it was left at. */
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
          startPage={file.progress?.position || 1}
        />
      )}
    </LibraryItem>
  );
}
