'use client';
/**
 * The library's list (docs/product.md#library): the file last read or heard first, then each
 * eBook the buyer owns with 'Read', 'Listen', where each was left and the downloads, then the
 * member resources (or what membership brings).
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { Library, LibraryBook, LibraryFile } from '@aba-shop/contract';
import { closeLibrary } from '@/lib/commerce/api/library';
import { forgetThisDevice, loadReaderCode } from '@/lib/library/offline';
import { formatClock } from '@/lib/library/clock';
import { KeepOffline } from './keep-offline';
import { LibraryDevices } from './library-devices';
import { LibraryGate } from './library-gate';
import { MemberShelf } from './member-shelf';

const readerPath = (book: LibraryBook) => `/library/read/${book.bookKey}`;
const playerPath = (book: LibraryBook) => `/library/listen/${book.bookKey}`;

/** Where a file was left, as the list says it: 'Page 5', 'At 12:04'. */
export function placeText(file: LibraryFile): string | null {
  if (!file.progress) return null;
  return file.kind === 'pdf'
    ? `Page ${file.progress.position}`
    : `At ${formatClock(file.progress.position / 1000)}`;
}

const fileOf = (book: LibraryBook, kind: LibraryFile['kind']) =>
  book.files.find((file) => file.kind === kind);

function ContinueCard({ library }: { library: Library }) {
  const key = library.lastOpened?.fileKey;
  const book = library.books.find((entry) => entry.files.some((file) => file.fileKey === key));
  const file = book?.files.find((entry) => entry.fileKey === key);
  if (!book || !file) return null;
  const reading = file.kind === 'pdf';
  return (
    <section
      aria-labelledby="continue-heading"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
    >
      <h2 id="continue-heading" className="text-lg font-semibold text-emerald-900">
        Pick up where you left off
      </h2>
      <p className="mt-1 text-slate-800">
        {book.title}, {reading ? 'reading' : 'listening'}: {placeText(file)}
      </p>
      <Link
        href={reading ? readerPath(book) : playerPath(book)}
        className="mt-3 inline-block rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800"
      >
        {reading ? 'Continue reading' : 'Continue listening'}
        <span className="sr-only"> {book.title}</span>
      </Link>
    </section>
  );
}

function BookCard({ book }: { book: LibraryBook }) {
  const pdf = fileOf(book, 'pdf');
  const mp3 = fileOf(book, 'mp3');
  const headingId = `book-${book.bookKey}`;
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {book.cover ? (
        // A plain image: the cover is a small SVG from the shop's own folder.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={book.cover}
          alt=""
          width={96}
          height={128}
          className="h-32 w-24 rounded-md object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {book.title}
        </h2>
        <p className="text-sm text-slate-600">{book.subtitle}</p>
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-labelledby={headingId}>
          {pdf ? (
            <Link
              href={readerPath(book)}
              className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
            >
              Read<span className="sr-only"> {book.title}</span>
            </Link>
          ) : null}
          {mp3 ? (
            <Link
              href={playerPath(book)}
              className="rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-50"
            >
              Listen<span className="sr-only"> to {book.title}</span>
            </Link>
          ) : null}
        </div>
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {book.files.map((file) => (
            <li key={file.fileKey}>
              {placeText(file) ? <span>{placeText(file)} · </span> : null}
              <a href={file.downloadUrl} className="text-emerald-800 underline">
                Download {file.label}
              </a>
            </li>
          ))}
        </ul>
        <KeepOffline book={book} />
      </div>
    </li>
  );
}

function CloseOnThisDevice() {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  return (
    <p className="text-sm text-slate-600">
      Opened with the link in your e-mail.{' '}
      <button
        type="button"
        className="font-semibold text-emerald-800 underline"
        onClick={async () => {
          try {
            await closeLibrary();
            await forgetThisDevice();
            router.replace('/');
          } catch {
            setFailed(true);
          }
        }}
      >
        Close the library on this device
      </button>
      {failed ? <span role="alert"> We could not close it. Please try again.</span> : null}
    </p>
  );
}

/**
 * Once the list is shown and the page has settled, the reader's code is fetched ahead of
 * 'Read', after the list's own requests so as not to slow them.
 */
const READER_CODE_AFTER_MS = 2000;

function ReaderCodeAhead() {
  useEffect(() => {
    const timer = window.setTimeout(
      () => void loadReaderCode().catch(() => undefined),
      READER_CODE_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}

export function LibraryShelf() {
  return (
    <LibraryGate>
      {(library) => (
        <div className="space-y-6">
          <p className="text-slate-700 [overflow-wrap:anywhere]">
            The library of <strong>{library.email}</strong>: read and listen on any device, and pick
            up where you left off.
          </p>
          {library.books.length === 0 ? (
            // A member without eBooks has the member resources below.
            library.membership.access.state === 'active' ? null : (
              <p>
                There is nothing in this library yet.{' '}
                <Link href="/shop" className="font-semibold text-emerald-800 underline">
                  Visit the shop
                </Link>
                .
              </p>
            )
          ) : (
            <>
              <ContinueCard library={library} />
              <ul className="space-y-4" aria-label="Your eBooks">
                {library.books.map((book) => (
                  <BookCard key={book.bookKey} book={book} />
                ))}
              </ul>
            </>
          )}
          <MemberShelf shelf={library.membership} />
          {library.via === 'link' ? <CloseOnThisDevice /> : null}
          <LibraryDevices via={library.via} />
          <ReaderCodeAhead />
        </div>
      )}
    </LibraryGate>
  );
}
