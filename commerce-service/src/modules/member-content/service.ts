/**
 * The membership's monthly resources (docs/product.md#member-resources): who is a member, what
 * the library shows of the published resources to members and to everyone else, the files
 * streamed to members (worksheets stamped for them, docs/product.md#stamped-pdfs), and the one
 * e-mail per resource and member. The resources are the CMS's, read with a secret of their
 * own (cms-source.ts); their files are kept in MEMBER_FILES_DIR.
 */
import { createHash } from 'node:crypto';
import { closeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { MemberAccess, MemberResource, MemberShelf } from '@aba-shop/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  NotAllowedError,
  NotFoundError,
  NotSignedInError,
  OutOfRangeError,
  UnavailableError,
} from '../../domain-errors.ts';
import type { KeptFileStore } from '../../kept-files.ts';
import type { OpenedFile } from '../../send-file.ts';
import { monthName } from '@aba-shop/service-kit/date-time';
import { sameSecret } from '@aba-shop/service-kit/same-secret';
import { parseByteRange } from '../downloads/service.ts';
import type { StampedPdfStore } from '../downloads/stamped-pdfs.ts';
import { enqueueMail, memberResourceMail } from '../mail/service.ts';
import { membershipStateOf } from '../memberships/service.ts';
import {
  MEMBER_CONTENT_SECRET_HEADER,
  type CmsResource,
  type CmsResourceFile,
  type MemberContentSource,
} from './cms-source.ts';
import {
  deleteMailsOf,
  firstSeenOf,
  listMailedAddresses,
  listMembershipRecordsOf,
  listPossibleMemberRecords,
  membershipReferenceOf,
  recordMailOnce,
  recordResourcesSeen,
} from './repository.ts';

export { MEMBER_CONTENT_SECRET_HEADER };

/** The secret a request says it has, from its header: what the CMS sends with every call. */
export function cmsSecretOf(headers: Record<string, unknown>): string | undefined {
  const header = headers[MEMBER_CONTENT_SECRET_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/**
 * Refuses a call that is not the CMS's (its webhooks, the newsletter panel's questions): the
 * one check of MEMBER_CONTENT_SECRET for every route the CMS calls.
 */
export function requireCmsSecret(
  config: Pick<Config, 'MEMBER_CONTENT_SECRET'>,
  secret: string | undefined,
): void {
  // Without MEMBER_CONTENT_SECRET nobody can be told apart from the CMS.
  if (!sameSecret(secret, config.MEMBER_CONTENT_SECRET))
    throw new NotSignedInError(`A valid ${MEMBER_CONTENT_SECRET_HEADER} header is required`);
}

export interface MemberContentDependencies {
  db: Kysely<Database>;
  config: Config;
  stampedPdfs: StampedPdfStore;
  /** The published resources, from the CMS. */
  memberContent: MemberContentSource;
  /** The resources' files as fetched from the CMS (MEMBER_FILES_DIR). */
  memberFiles: KeptFileStore;
}

type MembershipRow = Awaited<ReturnType<typeof listMembershipRecordsOf>>[number];

/**
 * Until when a membership record gives access: null while it renews, its period's end once
 * cancelled with that end still ahead; undefined when it gives none. A past-due membership
 * keeps access while Stripe retries; a record made by hand is active.
 */
function accessUntil(row: MembershipRow, now: number): string | null | undefined {
  const state = membershipStateOf(row, now);
  if (state.status === 'canceled') {
    const end = state.currentPeriodEnd;
    return end && Date.parse(end) > now ? end : undefined;
  }
  return state.cancelAtPeriodEnd ? state.currentPeriodEnd : null;
}

/** The access an address's records give, and the record that gives the longest. */
function accessOfRecords(
  rows: MembershipRow[],
  now: number,
): { access: MemberAccess; record: MembershipRow | null } {
  if (rows.length === 0) return { access: { state: 'none', until: null }, record: null };
  let best: { until: string | null; record: MembershipRow } | null = null;
  for (const record of rows) {
    const until = accessUntil(record, now);
    if (until === undefined) continue;
    const longer =
      !best ||
      (best.until !== null && (until === null || Date.parse(until) > Date.parse(best.until)));
    if (longer) best = { until, record };
  }
  return best
    ? { access: { state: 'active', until: best.until }, record: best.record }
    : { access: { state: 'ended', until: null }, record: null };
}

/**
 * Whether an address is a member now: `active` while one of its memberships is (until its paid
 * period's end once cancelled, else `until: null`), `ended` when it had memberships and none is,
 * `none` without one.
 */
export async function memberAccessOf(
  deps: Pick<MemberContentDependencies, 'db'>,
  email: string,
  now = Date.now(),
): Promise<MemberAccess> {
  const rows = await listMembershipRecordsOf(deps.db, email.toLowerCase());
  return accessOfRecords(rows, now).access;
}

/** `m:ss` or `h:mm:ss` in milliseconds. */
export function startMsOf(start: string): number | null {
  const parts = start.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !Number.isInteger(part))) {
    return null;
  }
  return parts.reduce((total, part) => total * 60 + part, 0) * 1000;
}

const newestFirst = (a: CmsResource, b: CmsResource) =>
  b.month.localeCompare(a.month) || b.publishedAt.localeCompare(a.publishedAt);

const memberFileUrl = (resourceId: string, fileId: string) =>
  `/api/library/member-files/${resourceId}/${fileId}`;

function resourceFor(resource: CmsResource, member: boolean): MemberResource {
  const shown = {
    id: resource.id,
    title: resource.title,
    month: resource.month,
    description: resource.description,
  };
  if (!member) return { ...shown, transcript: null, questions: [], files: [] };
  return {
    ...shown,
    transcript: resource.transcript,
    questions: resource.questions.flatMap(({ title, start }) => {
      const startMs = startMsOf(start);
      return startMs === null ? [] : [{ title, startMs }];
    }),
    files: resource.files.map((file) => ({
      fileId: file.id,
      kind: file.kind,
      label: file.name,
      contentType: file.mime,
      size: file.size,
      streamUrl: memberFileUrl(resource.id, file.id),
    })),
  };
}

/**
 * What the library shows of the membership: the caller's access, and every published member
 * resource, newest month first: for a member with its transcript, questions and files; for
 * anyone else its title, month and description only. None while the CMS has never answered
 * (the library still lists the books).
 */
export async function memberShelfOf(
  deps: Pick<MemberContentDependencies, 'db' | 'memberContent'>,
  email: string,
  now = Date.now(),
): Promise<MemberShelf> {
  const [access, resources] = await Promise.all([
    memberAccessOf(deps, email, now),
    deps.memberContent.list().catch((error: unknown) => {
      if (error instanceof UnavailableError) return [];
      throw error;
    }),
  ]);
  const member = access.state === 'active';
  return {
    access,
    resources: [...resources].sort(newestFirst).map((resource) => resourceFor(resource, member)),
  };
}

const FOR_MEMBERS = 'This is for members: become a member to read and listen.';
const NOT_AVAILABLE = 'This member resource is not available.';
const CANNOT_OPEN_NOW =
  'This file cannot be opened right now. Please try again later or write to support.';

/** A name a browser may save the file under, in a header's plain characters. */
function downloadNameOf(file: CmsResourceFile): string {
  const base = file.name
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '')
    .trim()
    .slice(0, 80);
  const extension = file.kind === 'pdf' ? 'pdf' : file.mime === 'audio/mpeg' ? 'mp3' : 'm4a';
  return `${base || 'member-resource'}.${extension}`;
}

/** The CMS's file, kept in MEMBER_FILES_DIR: fetched once, and again when the CMS's changes. */
function openOriginal(deps: MemberContentDependencies, resourceId: string, file: CmsResourceFile) {
  const version = createHash('sha256').update(file.version).digest('hex').slice(0, 40);
  return deps.memberFiles.open(`${resourceId}-${file.id}`, version, (path) =>
    deps.memberContent.download(file, path),
  );
}

/**
 * Opens a member resource's file for a member, the part asked for (`bytes=100-199`) if any: a
 * worksheet stamped with their address and membership reference, a recording as it is. A
 * non-member is refused before anything is read; an unpublished resource or file is not found.
 */
export async function openMemberFile(
  deps: MemberContentDependencies,
  {
    email,
    resourceId,
    fileId,
    range,
  }: { email: string; resourceId: string; fileId: string; range: string | undefined },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<OpenedFile> {
  const address = email.toLowerCase();
  const { record } = accessOfRecords(await listMembershipRecordsOf(deps.db, address), Date.now());
  if (!record) throw new NotAllowedError(FOR_MEMBERS);
  const resource = (await deps.memberContent.list()).find(({ id }) => id === resourceId);
  const file = resource?.files.find(({ id }) => id === fileId);
  if (!resource || !file) throw new NotFoundError(NOT_AVAILABLE);

  let opened: { fd: number; size: number };
  try {
    const original = await openOriginal(deps, resource.id, file);
    if (file.kind !== 'pdf') {
      opened = original;
    } else {
      closeSync(original.fd);
      opened = await deps.stampedPdfs.open(
        `member:${resource.id}:${file.id}:${address}`,
        // The CMS's time for the file: a replaced worksheet is stamped anew.
        { path: original.path, size: original.size, mtimeMs: Date.parse(file.updatedAt) || 0 },
        async () => ({
          email: address,
          orderReference: await membershipReferenceOf(deps.db, record),
          of: 'membership',
        }),
      );
    }
  } catch (error) {
    // The CMS unreachable, a worksheet that will not parse: never an unstamped copy.
    log.error({ err: error, resourceId, fileId }, 'a member resource file could not be prepared');
    throw new UnavailableError(CANNOT_OPEN_NOW);
  }
  const part = parseByteRange(range, opened.size);
  if (part === 'unsatisfiable') {
    closeSync(opened.fd);
    throw new OutOfRangeError('The requested range is outside the file.', opened.size);
  }
  return {
    file: { contentType: file.mime, downloadName: downloadNameOf(file) },
    fd: opened.fd,
    size: opened.size,
    range: part,
  };
}

function mailOf(config: Config, resource: CmsResource) {
  const recording = resource.files.some((file) => file.kind === 'audio');
  return memberResourceMail({
    title: resource.title,
    monthLabel: monthName(resource.month),
    description: resource.description,
    worksheets: resource.files.filter((file) => file.kind === 'pdf').map((file) => file.name),
    recording,
    transcript: recording && resource.transcript !== null,
    questions: resource.questions.length,
    // The library as members open it: signed in, or with their receipt's link on this device.
    libraryUrl: new URL('/library', config.STOREFRONT_URL).toString(),
    supportEmail: config.SUPPORT_EMAIL,
  });
}

/** Each member address with access now, and since when it has been a member. */
async function currentMembers(db: Kysely<Database>, now: number): Promise<Map<string, string>> {
  const since = new Map<string, string>();
  for (const row of await listPossibleMemberRecords(db, new Date(now).toISOString())) {
    if (accessUntil(row, now) === undefined) continue;
    const email = row.email.toLowerCase();
    const earlier = since.get(email);
    if (!earlier || row.created_at < earlier) since.set(email, row.created_at);
  }
  return since;
}

/**
 * E-mails each published resource to each member once, through the outbox: to every address
 * with access whose membership began before the shop first saw the resource published. Run on
 * the CMS's signal and periodically; answers how many e-mails it queued.
 */
export async function announceMemberResources(
  deps: Pick<MemberContentDependencies, 'db' | 'config' | 'memberContent'>,
  now = Date.now(),
): Promise<number> {
  const { db } = deps;
  const resources = await deps.memberContent.list();
  if (resources.length === 0) return 0;
  const ids = resources.map((resource) => resource.id);
  await recordResourcesSeen(db, ids, new Date(now).toISOString());
  const seen = await firstSeenOf(db, ids);
  const members = await currentMembers(db, now);
  let queued = 0;
  for (const resource of resources) {
    const firstSeenAt = seen.get(resource.id);
    if (!firstSeenAt) continue;
    const mailed = await listMailedAddresses(db, resource.id);
    const mail = mailOf(deps.config, resource);
    for (const [email, memberSince] of members) {
      // Someone who joined after it appeared finds it in the library, without an e-mail.
      if (mailed.has(email) || memberSince > firstSeenAt) continue;
      const sent = await db.transaction().execute(async (trx) => {
        const queuedAt = new Date(now).toISOString();
        if (!(await recordMailOnce(trx, { resourceId: resource.id, email, queuedAt }))) {
          return false;
        }
        await enqueueMail(trx, {
          to: email,
          dedupeKey: `member-resource:${resource.id}:${email}`,
          ...mail,
        });
        return true;
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}

/** What the CMS's webhook says: the event, and the model of the entry it is about. */
export interface MemberContentSignal {
  event: string;
  model?: string | undefined;
}

/**
 * The CMS's word that content changed (its webhook, with MEMBER_CONTENT_SECRET): a member
 * resource published, unpublished or deleted, or a file replaced, makes the list read again;
 * a publication e-mails the members at once. Answers how many e-mails it queued.
 */
export async function receiveMemberContentSignal(
  deps: Pick<MemberContentDependencies, 'db' | 'config' | 'memberContent'>,
  secret: string | undefined,
  signal: MemberContentSignal,
): Promise<number> {
  requireCmsSecret(deps.config, secret);
  const aboutResources = signal.model === 'member-resource';
  if (aboutResources || signal.event.startsWith('media.')) deps.memberContent.forget();
  if (!aboutResources || signal.event !== 'entry.publish') return 0;
  return announceMemberResources(deps);
}

/**
 * Takes an address out of the member resources' records, for its erasure
 * (docs/product.md#your-data): which resources it was e-mailed.
 */
export function eraseMemberContentOfEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<void> {
  return deleteMailsOf(db, email);
}
