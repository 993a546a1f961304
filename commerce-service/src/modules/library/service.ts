/**
 * The buyer's library (docs/product.md#library, docs/adr/0029-library-reader-player-membership.md):
 * a library link opens it on a device as a library session, which is not a sign-in; it lists
 * what the address owns with the place each file was left at, streams the files to the reader
 * and player, and keeps the places.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CurrentUser,
  Library,
  LibraryBook,
  LibraryDevices,
  LibraryProgress,
  LibraryProgressBody,
} from '@aba-shop/contract';
import { NotAllowedError, NotSignedInError } from '../../domain-errors.ts';
import { bookCovers, type CatalogueDependencies } from '../catalogue/service.ts';
import {
  fileChaptersOf,
  libraryGrantOwner,
  listOwnedFiles,
  openLibraryLink,
  openOwnedFile,
  ownsFile,
  retireLibraryLinks,
  retireLibraryLinksOf,
  type DownloadsDependencies,
  type OpenedDownload,
} from '../downloads/service.ts';
import {
  deleteExpiredLibrarySessions,
  deleteLibrarySessionsOf,
  listLibrarySessionsOf,
  deleteLibraryRowsOf,
  deleteLibrarySession,
  findLibrarySession,
  insertLibrarySession,
  listProgressOf,
  upsertProgress,
  listAllLibrarySessionsOf,
} from './repository.ts';
import {
  memberShelfOf,
  openMemberFile,
  type MemberContentDependencies,
} from '../member-content/service.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, LibraryProgressTable } from '../../db/schema.ts';
import type { OpenedFile } from '../../send-file.ts';

export type LibraryDependencies = DownloadsDependencies &
  CatalogueDependencies &
  MemberContentDependencies;

/** Who the library is for, and how they got in. */
export interface LibraryBuyer {
  email: string;
  via: 'account' | 'link';
}

/** How long a library link keeps a device's library open. */
export const LIBRARY_SESSION_DAYS = 180;

const DAY_MS = 24 * 3600 * 1000;

/**
 * The cookie of a device's library session: `__Host-` over https, as the sign-in's
 * (docs/product.md#administrator-sessions).
 */
export function libraryCookieName(config: LibraryDependencies['config']): string {
  return new URL(config.STOREFRONT_URL).protocol === 'https:'
    ? '__Host-shop.library'
    : 'shop.library';
}

/** Only a hash of the cookie is kept: the table alone opens no library. */
const sessionIdOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

const OPEN_FROM_LINK =
  'Open your library with the link in your e-mail from us, or sign in with the address you bought with.';

/** Opens the library a link grants on this device: the session's cookie, and whose it is. */
export async function openLibrarySession(
  deps: LibraryDependencies,
  { token, userAgent }: { token: string; userAgent: string | undefined },
  now = Date.now(),
): Promise<{ cookie: string; maxAgeSeconds: number; email: string }> {
  const grant = await openLibraryLink(deps, token, now);
  const cookie = randomBytes(32).toString('base64url');
  await deleteExpiredLibrarySessions(deps.db, new Date(now).toISOString());
  await insertLibrarySession(deps.db, {
    id: sessionIdOf(cookie),
    order_id: grant.orderId,
    generation: grant.generation,
    email: grant.email,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + LIBRARY_SESSION_DAYS * DAY_MS).toISOString(),
    device: deviceOf(userAgent),
  });
  return { cookie, maxAgeSeconds: LIBRARY_SESSION_DAYS * 24 * 3600, email: grant.email };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * What a buyer recognises a device by in their list ('Chrome on Android'), from the name its
 * browser gives itself; nothing more of the User-Agent is kept.
 */
export function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/** The devices a library link opened for the buyer's address, this one marked. */
export async function libraryDevicesOf(
  deps: LibraryDependencies,
  buyer: LibraryBuyer,
  cookie: string | undefined,
  now = Date.now(),
): Promise<LibraryDevices> {
  const current = cookie ? sessionIdOf(cookie) : null;
  const rows = await listLibrarySessionsOf(deps.db, buyer.email, new Date(now).toISOString());
  return {
    devices: rows.map((row) => ({
      device: row.device,
      openedAt: row.created_at,
      expiresAt: row.expires_at,
      current: row.id === current,
    })),
  };
}

/**
 * The buyer's own act (signed in, or on a device their e-mailed link opened): every library
 * link the address was sent stops opening, and every device a link opened is signed out, this
 * one included. A resend afterwards carries a link that works (docs/product.md#library).
 */
export async function signOutEveryLibraryDevice(
  deps: LibraryDependencies,
  buyer: LibraryBuyer,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await retireLibraryLinksOf(trx, buyer.email);
    await deleteLibrarySessionsOf(trx, buyer.email);
  });
}

/** Closes this device's library session, if it has one. */
export async function closeLibrarySession(
  { db }: Pick<LibraryDependencies, 'db'>,
  cookie: string | undefined,
): Promise<void> {
  if (cookie) await deleteLibrarySession(db, sessionIdOf(cookie));
}

/**
 * Whose library a request reads: the signed-in buyer's, else the one this device's library
 * session opened while its link still works (paid, not revoked, not replaced by a resend).
 */
export async function libraryBuyer(
  deps: LibraryDependencies,
  { user, cookie }: { user: CurrentUser | null; cookie: string | undefined },
  now = Date.now(),
): Promise<LibraryBuyer> {
  if (user) return { email: user.email.toLowerCase(), via: 'account' };
  const session = cookie ? await findLibrarySession(deps.db, sessionIdOf(cookie)) : undefined;
  if (!session || session.expires_at <= new Date(now).toISOString()) {
    throw new NotSignedInError(OPEN_FROM_LINK);
  }
  const email = await libraryGrantOwner(deps, {
    orderId: session.order_id,
    generation: session.generation,
  });
  return { email, via: 'link' };
}

const progressOf = (row: LibraryProgressTable): LibraryProgress => ({
  position: row.position,
  version: row.version,
  updatedAt: row.updated_at,
});

const bookKeyOf = (fileKey: string) => fileKey.replace(/\.[a-z0-9]+$/, '');

/**
 * What the buyer owns, book by book, with where each file was left, and the last one opened;
 * and the member resources, to open for a member and to show what membership brings to others.
 */
export async function libraryOf(deps: LibraryDependencies, buyer: LibraryBuyer): Promise<Library> {
  const [files, places, covers, membership] = await Promise.all([
    listOwnedFiles(deps, buyer.email),
    listProgressOf(deps.db, buyer.email),
    bookCovers(deps),
    memberShelfOf(deps, buyer.email),
  ]);
  const placeOf = new Map(places.map((row) => [row.file_key, row]));
  const chaptersOf = new Map(
    await Promise.all(
      files.map(async (file) => [file.fileKey, await fileChaptersOf(deps, file.fileKey)] as const),
    ),
  );
  const books = new Map<string, LibraryBook>();
  for (const file of files) {
    const bookKey = bookKeyOf(file.fileKey);
    const book = deps.books[bookKey];
    if (!book) continue;
    const entry = books.get(bookKey) ?? {
      bookKey,
      title: book.title,
      subtitle: book.subtitle,
      cover: covers.get(bookKey) ?? null,
      files: [],
    };
    const place = placeOf.get(file.fileKey);
    entry.files.push({
      fileKey: file.fileKey,
      kind: file.kind,
      label: file.label,
      streamUrl: `/api/library/files/${file.fileKey}`,
      downloadUrl: file.url,
      progress: place ? progressOf(place) : null,
      chapters: chaptersOf.get(file.fileKey) ?? [],
    });
    books.set(bookKey, entry);
  }
  const owned = new Set(files.map((file) => file.fileKey));
  const last = places.find((row) => owned.has(row.file_key));
  return {
    email: buyer.email,
    via: buyer.via,
    books: [...books.values()],
    lastOpened: last ? { fileKey: last.file_key } : null,
    membership,
  };
}

const NOT_IN_LIBRARY = 'This file is not in your library.';

/** Keeps the place the buyer reached in a file they own, unless they reached another since. */
export async function saveProgress(
  deps: LibraryDependencies,
  buyer: LibraryBuyer,
  body: LibraryProgressBody,
  now = Date.now(),
): Promise<LibraryProgress> {
  if (!(await ownsFile(deps, buyer.email, body.fileKey))) throw new NotAllowedError(NOT_IN_LIBRARY);
  const kept = await upsertProgress(deps.db, {
    email: buyer.email,
    file_key: body.fileKey,
    position: body.position,
    // A place cannot have been reached later than it arrives.
    reached_at: new Date(Math.min(body.at ?? now, now)).toISOString(),
    updated_at: new Date(now).toISOString(),
  });
  return progressOf(kept);
}

/** A file the buyer owns, for the reader or the player: inline, by ranges, not a download. */
export function streamLibraryFile(
  deps: LibraryDependencies,
  buyer: LibraryBuyer,
  { fileKey, range }: { fileKey: string; range: string | undefined },
  log: FastifyBaseLogger,
): Promise<OpenedDownload> {
  return openOwnedFile(deps, { email: buyer.email, fileKey, range }, log);
}

/** A member resource's file, for a member: a worksheet stamped for them, a recording as it is. */
export function streamMemberFile(
  deps: LibraryDependencies,
  buyer: LibraryBuyer,
  request: { resourceId: string; fileId: string; range: string | undefined },
  log: FastifyBaseLogger,
): Promise<OpenedFile> {
  return openMemberFile(deps, { email: buyer.email, ...request }, log);
}

/** An address's places, for its data export. */
export async function libraryProgressOfEmail(
  { db }: Pick<LibraryDependencies, 'db'>,
  email: string,
): Promise<(LibraryProgress & { fileKey: string })[]> {
  return (await listProgressOf(db, email)).map((row) => ({
    fileKey: row.file_key,
    ...progressOf(row),
  }));
}

/** The devices a library link opened for an address, for its data export. */
export async function librarySessionsOfEmail(
  { db }: Pick<LibraryDependencies, 'db'>,
  email: string,
): Promise<{ device: string | null; openedAt: string; expiresAt: string }[]> {
  return (await listAllLibrarySessionsOf(db, email)).map((row) => ({
    device: row.device,
    openedAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}

/**
 * Takes an address's library out of the shop, for its erasure: its sessions and places go, and
 * the library links of its orders stop working.
 */
export async function eraseLibraryOfEmail(
  db: Kysely<Database> | Transaction<Database>,
  { email, orderIds }: { email: string; orderIds: string[] },
): Promise<void> {
  await deleteLibraryRowsOf(db, email);
  await retireLibraryLinks(db, orderIds);
}
