/**
 * Downloads: signed links to the files a purchase grants, the files themselves behind those
 * links, and fresh links by e-mail for everything an address bought. What the links grant and
 * how long they work: docs/adr/0005-payments-fulfilment-and-downloads.md and
 * docs/product.md#stamped-pdfs.
 */
import { createHmac } from 'node:crypto';
import { closeSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  ExpiredError,
  NotAllowedError,
  NotFoundError,
  OutOfRangeError,
  UnavailableError,
} from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { LIBRARY_LINK_DAYS } from '@aba-shop/contract';
import { downloadLinksMail, enqueueMail } from '../mail/service.ts';
import { describeFile, type AssetFile, type Books } from './assets.ts';
import { readAudioChapters, type AudioChapter } from './audio-chapters.ts';
import { parseByteRange } from './byte-range.ts';
import {
  countDownloadsOf,
  logDownload,
  advanceLibraryGenerations,
  advanceLibraryGenerationsOf,
  countDownloadLinkRequests,
  findBuyer,
  findLibraryOrder,
  findNewestOpenOrder,
  findEntitlement,
  hasRefundedFile,
  listDownloadEventsOfOrders,
  listEntitlementsForEmail,
  recordDownloadLinkRequest,
  type DownloadClient,
  type EntitlementRow,
} from './repository.ts';
import { signDownloadToken, verifyDownloadToken } from './signing.ts';
import { signLibraryToken, verifyLibraryToken, type LibraryGrant } from './library-link.ts';
import type { OriginalFile, StampedPdfStore } from './stamped-pdfs.ts';

// What other modules use besides the functions below: the name and kind of a file, and the
// part of a file a Range header asks for.
export { bookKeyOf, describeFile } from './assets.ts';
export { parseByteRange } from './byte-range.ts';
export type { LibraryGrant } from './library-link.ts';

export interface DownloadsDependencies {
  db: Kysely<Database>;
  config: Config;
  books: Books;
  stampedPdfs: StampedPdfStore;
}

export interface DownloadLink {
  entitlementId: string;
  productId: string;
  fileKey: string;
  kind: 'pdf' | 'mp3';
  label: string;
  url: string;
}

const KIND_ORDER = { pdf: 0, mp3: 1 } as const;

/** A fresh signed link for each entitlement (the PDF before its audiobook), valid for DOWNLOAD_LINK_TTL_HOURS. */
export function signDownloadLinks(
  { config, books }: Pick<DownloadsDependencies, 'config' | 'books'>,
  entitlements: EntitlementRow[],
  now = Date.now(),
): DownloadLink[] {
  const expiresAt = Math.floor(now / 1000) + config.DOWNLOAD_LINK_TTL_HOURS * 3600;
  const links = entitlements.flatMap((entitlement) => {
    const file = describeFile(entitlement.file_key, books);
    if (!file) return [];
    const token = signDownloadToken(
      { entitlementId: entitlement.id, fileKey: entitlement.file_key, expiresAt },
      config.DOWNLOAD_SIGNING_SECRET,
    );
    return [
      {
        entitlementId: entitlement.id,
        productId: entitlement.product_id,
        fileKey: entitlement.file_key,
        kind: file.kind,
        label: file.label,
        url: new URL(`/api/downloads/${token}`, config.STOREFRONT_URL).toString(),
      },
    ];
  });
  return links.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/** How many days a download link works, as the e-mails say it. */
export const linkValidDays = (config: Pick<Config, 'DOWNLOAD_LINK_TTL_HOURS'>) =>
  Math.round(config.DOWNLOAD_LINK_TTL_HOURS / 24);

/**
 * Puts an e-mail of these links to `to` in the outbox, in the caller's transaction when `db` is
 * one; `orderReference` when they are the links of one order.
 */
export async function mailDownloadLinks(
  { config }: Pick<DownloadsDependencies, 'config'>,
  db: Kysely<Database> | Transaction<Database>,
  {
    to,
    links,
    orderReference,
    libraryUrl,
  }: { to: string; links: DownloadLink[]; orderReference?: string; libraryUrl: string },
): Promise<void> {
  const mail = downloadLinksMail({
    links,
    libraryUrl,
    linkValidDays: linkValidDays(config),
    supportEmail: config.SUPPORT_EMAIL,
    orderReference,
  });
  await enqueueMail(db, { to, ...mail });
}

/** One link per file, even when two orders granted the same book. */
function uniqueByFile(links: DownloadLink[]): DownloadLink[] {
  const seen = new Set<string>();
  return links.filter((link) => !seen.has(link.fileKey) && seen.add(link.fileKey));
}

/** How many times an hour one address may be sent its links, whoever asks. */
export const LINK_MAILS_PER_ADDRESS_PER_HOUR = 3;

const HOUR_MS = 3600_000;

/**
 * The key an address is counted under: an HMAC, so that the table of requests holds no address
 * a stranger typed, and one that cannot be matched against a list of addresses without the
 * secret. Labelled so that it can never pass for a download token's signature.
 */
function linkRequestKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`download-link-request\n${address}`).digest('hex');
}

/**
 * Whether the address may be sent its links now, counting this request if so. Every address
 * is counted alike, bought or not, so that the limit tells nothing about who bought.
 */
async function takeLinkMailTurn(
  { db, config }: Pick<DownloadsDependencies, 'db' | 'config'>,
  address: string,
  now: number,
): Promise<boolean> {
  const addressKey = linkRequestKey(config.DOWNLOAD_SIGNING_SECRET, address);
  const hourAgo = new Date(now - HOUR_MS).toISOString();
  if (
    (await countDownloadLinkRequests(db, addressKey, hourAgo)) >= LINK_MAILS_PER_ADDRESS_PER_HOUR
  ) {
    return false;
  }
  await recordDownloadLinkRequest(db, {
    addressKey,
    requestedAt: new Date(now).toISOString(),
    forgetBefore: hourAgo,
  });
  return true;
}

/**
 * E-mails fresh links for everything bought with this address, at most
 * LINK_MAILS_PER_ADDRESS_PER_HOUR times an hour whoever asks (docs/product.md#e-mail-my-links).
 * Nothing is sent, and nothing different is answered, when the address bought nothing or has
 * had its share: the caller answers the same in every case.
 */
export async function resendDownloadLinks(
  deps: DownloadsDependencies,
  email: string,
  now = Date.now(),
): Promise<void> {
  const { db } = deps;
  const address = email.toLowerCase();
  if (!(await takeLinkMailTurn(deps, address, now))) return;
  const links = await listOwnedFiles(deps, address);
  const newest = await findNewestOpenOrder(db, address);
  if (links.length === 0 || !newest) return;
  // A link that works now, retiring none: anyone may ask for this e-mail, and only the buyer
  // retires links (docs/product.md#library).
  const libraryUrl = libraryLinkOf(deps.config, {
    orderId: newest.id,
    generation: newest.library_generation,
  });
  await mailDownloadLinks(deps, db, { to: address, links, libraryUrl });
}

/**
 * E-mails the buyer of a library link's order a fresh one, as 'E-mail my links' does (and within
 * its hourly share): what the page of an expired link offers. The token must be the shop's own,
 * expired or not; the mail goes to the order's address only, so the caller learns nothing.
 */
export async function resendForLibraryLink(
  deps: DownloadsDependencies,
  token: string,
  now = Date.now(),
): Promise<void> {
  const grant = verifyLibraryToken(token, deps.config.DOWNLOAD_SIGNING_SECRET);
  if (!grant) throw new NotAllowedError(LIBRARY_LINK_NOT_VALID);
  const order = await findLibraryOrder(deps.db, grant.orderId);
  if (order) await resendDownloadLinks(deps, order.email, now);
}

/** A fresh link for each file an address owns, one a file (docs/product.md#library). */
export async function listOwnedFiles(
  deps: DownloadsDependencies,
  email: string,
): Promise<DownloadLink[]> {
  return uniqueByFile(signDownloadLinks(deps, await listEntitlementsForEmail(deps.db, email)));
}

/** Whether an address owns a file: a paid purchase grants it and nobody revoked it. */
export async function ownsFile(
  { db }: Pick<DownloadsDependencies, 'db'>,
  email: string,
  fileKey: string,
): Promise<boolean> {
  return (await listEntitlementsForEmail(db, email)).some((row) => row.file_key === fileKey);
}

/**
 * The chapters an audiobook file names in its own tag (docs/product.md#audiobook-chapters);
 * none for another kind of file, or one that is missing or has none.
 */
export async function fileChaptersOf(
  { config }: Pick<DownloadsDependencies, 'config'>,
  fileKey: string,
): Promise<AudioChapter[]> {
  if (!fileKey.endsWith('.mp3')) return [];
  try {
    // The key is validated (letters, digits, hyphens, one extension), so it stays in the folder.
    return await readAudioChapters(path.join(config.ASSETS_DIR, fileKey));
  } catch {
    return [];
  }
}

const NOT_VALID =
  'This download link is not valid. Please use the link from your e-mail, or ask for a new one.';

/** A purchased file, ready to be sent whole or in the part asked for. */
export interface OpenedDownload {
  file: AssetFile;
  /**
   * An open file descriptor of the bytes to send, the original file or a PDF's stamped copy,
   * for the caller to stream and close.
   */
  fd: number;
  size: number;
  /** The part asked for (an audio player seeking), or null for the whole file. */
  range: { start: number; end: number } | null;
}

/** The original file's size and mtime, or null when it is not there. */
function statOriginal(filePath: string): OriginalFile | null {
  try {
    const stats = statSync(filePath);
    return { path: filePath, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    return null;
  }
}

const CANNOT_DOWNLOAD_NOW =
  'This file cannot be downloaded right now. Please try again later or write to support.';

/**
 * What the buyer receives of the original: a PDF carries their licence stamp
 * (docs/product.md#stamped-pdfs), made once and then read from its stamped copy; other
 * files go as they are.
 */
async function openContent(
  { db, stampedPdfs }: Pick<DownloadsDependencies, 'db' | 'stampedPdfs'>,
  entitlement: EntitlementRow,
  file: AssetFile,
  original: OriginalFile,
  log: FastifyBaseLogger,
): Promise<{ fd: number; size: number }> {
  try {
    if (file.kind !== 'pdf') return { fd: openSync(original.path, 'r'), size: original.size };
    return await stampedPdfs.open(entitlement.id, original, async () => {
      const buyer = await findBuyer(db, entitlement.order_id);
      return { email: buyer.email, orderReference: buyer.number };
    });
  } catch (error) {
    // An original that will not parse, a full disk: the owner's to fix, never an unstamped copy.
    log.error({ err: error, file: file.key }, 'a purchased file could not be prepared');
    throw new UnavailableError(CANNOT_DOWNLOAD_NOW);
  }
}

/**
 * Opens the file a signed link grants, and counts the download: once, not once per seek of
 * an audio player, nor for a HEAD request (`headOnly`), which reads no byte of it. `range` is
 * the part asked for (`bytes=100-199`), if any. A revoked entitlement is refused before any
 * file, stamped or not, is read.
 */
export async function openDownload(
  deps: DownloadsDependencies,
  {
    token,
    range,
    headOnly,
    client,
  }: { token: string; range: string | undefined; headOnly: boolean; client: DownloadClient },
  log: FastifyBaseLogger,
): Promise<OpenedDownload> {
  const { db, config } = deps;
  const check = verifyDownloadToken(
    token,
    config.DOWNLOAD_SIGNING_SECRET,
    Math.floor(Date.now() / 1000),
  );
  if (!check.ok) throw new NotAllowedError(NOT_VALID);
  if (check.expired) {
    throw new ExpiredError(
      'This download link has expired. Ask for fresh links on the thank-you page or write to support.',
    );
  }
  const entitlement = await findEntitlement(db, check.grant.entitlementId);
  if (!entitlement || entitlement.file_key !== check.grant.fileKey) {
    throw new NotAllowedError(NOT_VALID);
  }
  if (entitlement.revoked_at) {
    // Revoked by a refund (of the whole order or of this file's line: docs/product.md#refunds),
    // or by support (docs/product.md#support-console).
    throw new NotAllowedError(
      entitlement.refunded_at
        ? REFUNDED_DOWNLOAD
        : 'The downloads of this purchase have been suspended. Please write to support.',
    );
  }
  return openGrantedFile(deps, entitlement, { range, count: headOnly ? null : client }, log);
}

/**
 * Opens the file an entitlement grants, the part asked for (`bytes=100-199`) if any, and counts
 * a download when `count` says so: once, not once per seek of an audio player.
 */
async function openGrantedFile(
  deps: DownloadsDependencies,
  entitlement: EntitlementRow,
  /** The client a download is counted for; null when it is not counted (HEAD, the library). */
  { range, count }: { range: string | undefined; count: DownloadClient | null },
  log: FastifyBaseLogger,
): Promise<OpenedDownload> {
  const { db, config, books } = deps;
  const file = describeFile(entitlement.file_key, books);
  if (!file) throw new NotFoundError('This file is no longer available. Please contact support.');
  // The key is validated (letters, digits, hyphens, one extension), so it stays in the folder.
  const original = statOriginal(path.join(config.ASSETS_DIR, file.key));
  if (original === null) {
    // A live shop checks its files at start; one removed since is the owner's to restore.
    log.error({ file: file.key }, 'a purchased file is missing from ASSETS_DIR');
    throw new UnavailableError(CANNOT_DOWNLOAD_NOW);
  }
  const { fd, size } = await openContent(deps, entitlement, file, original, log);
  const part = parseByteRange(range, size);
  if (part === 'unsatisfiable') {
    closeSync(fd);
    throw new OutOfRangeError('The requested range is outside the file.', size);
  }
  try {
    if (count && (!part || part.start === 0)) await logDownload(db, entitlement, count);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return { file, fd, size, range: part };
}

/**
 * Opens a file the address owns for the library's reader or player (docs/product.md#library):
 * the same stamped copy a download gives, inline and by ranges, never counted as a download.
 */
const REFUNDED_DOWNLOAD =
  'This purchase has been refunded, so its downloads are no longer available.';

export async function openOwnedFile(
  deps: DownloadsDependencies,
  { email, fileKey, range }: { email: string; fileKey: string; range: string | undefined },
  log: FastifyBaseLogger,
): Promise<OpenedDownload> {
  const owned = await listEntitlementsForEmail(deps.db, email);
  const entitlement = owned.find((row) => row.file_key === fileKey);
  if (!entitlement) {
    // Refunded, the file says so, as its download link does.
    if (await hasRefundedFile(deps.db, email, fileKey))
      throw new NotAllowedError(REFUNDED_DOWNLOAD);
    throw new NotAllowedError('This file is not in your library.');
  }
  return openGrantedFile(deps, entitlement, { range, count: null }, log);
}

/**
 * The address of an order's library link of this generation, valid for LIBRARY_LINK_DAYS from
 * `now` (docs/product.md#library).
 */
export function libraryLinkOf(
  config: Pick<Config, 'STOREFRONT_URL' | 'DOWNLOAD_SIGNING_SECRET'>,
  grant: LibraryGrant,
  now = Date.now(),
): string {
  const expiresAt = Math.floor(now / 1000) + LIBRARY_LINK_DAYS * 24 * 3600;
  // The token rides in the fragment, which no server, log or Referer ever sees.
  const token = signLibraryToken({ ...grant, expiresAt }, config.DOWNLOAD_SIGNING_SECRET);
  return new URL(`/library/open#${token}`, config.STOREFRONT_URL).toString();
}

/** A library link to an order that works now: its current generation, retiring nothing. */
export async function currentLibraryLink(
  config: Pick<Config, 'STOREFRONT_URL' | 'DOWNLOAD_SIGNING_SECRET'>,
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<string> {
  const order = await findLibraryOrder(db, orderId);
  if (!order) throw new NotFoundError('No such order.');
  return libraryLinkOf(config, { orderId, generation: order.library_generation });
}

/** Retires every library link the address was sent (the buyer signing out every device). */
export function retireLibraryLinksOf(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<void> {
  return advanceLibraryGenerationsOf(db, email);
}

/**
 * Retires every library link of these orders (an erasure): none sent before opens anything, and
 * no device a link opened reads on.
 */
export function retireLibraryLinks(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: string[],
): Promise<void> {
  return advanceLibraryGenerations(db, orderIds);
}

const LIBRARY_LINK_EXPIRED =
  'This library link has expired. We can e-mail you a new one, or sign in with the address you bought with.';

const LIBRARY_LINK_NOT_VALID =
  'This library link is not valid. Please use the link in your latest e-mail from us, or sign in with the address you bought with.';

/**
 * Whose library a grant opens: the order's address while the order is paid, its files are not
 * revoked and no resend has replaced the link; otherwise why not.
 */
export async function libraryGrantOwner(
  { db }: Pick<DownloadsDependencies, 'db'>,
  grant: LibraryGrant,
): Promise<string> {
  const order = await findLibraryOrder(db, grant.orderId);
  if (!order) throw new NotAllowedError(LIBRARY_LINK_NOT_VALID);
  if (order.status === 'refunded') {
    throw new NotAllowedError(
      'This purchase has been refunded, so its library is no longer available.',
    );
  }
  if (order.revoked) {
    throw new NotAllowedError(
      'The library of this purchase has been suspended. Please write to support.',
    );
  }
  if (order.library_generation !== grant.generation) {
    throw new NotAllowedError(
      'This library link has been replaced by a newer one: please use the link in your latest e-mail from us, or sign in.',
    );
  }
  return order.email;
}

/** The grant a library link's token carries, and whose library it opens; or why it opens none. */
export async function openLibraryLink(
  deps: Pick<DownloadsDependencies, 'db' | 'config'>,
  token: string,
  now = Date.now(),
): Promise<LibraryGrant & { email: string }> {
  const grant = verifyLibraryToken(token, deps.config.DOWNLOAD_SIGNING_SECRET);
  if (!grant) throw new NotAllowedError(LIBRARY_LINK_NOT_VALID);
  const email = await libraryGrantOwner(deps, grant);
  if (grant.expiresAt * 1000 <= now) throw new ExpiredError(LIBRARY_LINK_EXPIRED);
  return { orderId: grant.orderId, generation: grant.generation, email };
}

/** How often, and when last, each entitlement was downloaded (support's view, the export). */
export async function downloadHistoriesOf(
  { db }: Pick<DownloadsDependencies, 'db'>,
  entitlementIds: string[],
): Promise<(entitlementId: string) => DownloadHistory> {
  const rows = await countDownloadsOf(db, entitlementIds);
  return (entitlementId) => {
    const row = rows.find((candidate) => candidate.entitlement_id === entitlementId);
    return { downloadCount: Number(row?.count ?? 0), lastDownloadAt: row?.last_at ?? null };
  };
}

export interface DownloadHistory {
  downloadCount: number;
  lastDownloadAt: string | null;
}

/** The download log of a buyer's orders, for their data export (docs/product.md#your-data). */
export async function downloadLogOfOrders(
  { db }: Pick<DownloadsDependencies, 'db'>,
  orderIds: string[],
) {
  return (await listDownloadEventsOfOrders(db, orderIds)).map((row) => ({
    orderId: row.order_id,
    at: row.at,
    fileKey: row.file_key,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  }));
}

/**
 * The log of a buyer's downloads goes with their erasure and with their orders for good, and
 * each entry (time, client address, browser) once the download history's period is over
 * (docs/product.md#your-data).
 */
export {
  deleteDownloadEventsBefore as sweepDownloadLog,
  deleteDownloadEventsOf as deleteDownloadLogOf,
} from './repository.ts';
