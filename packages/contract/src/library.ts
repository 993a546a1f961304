/**
 * The buyer's library (docs/product.md#library): what an address owns, read and heard in the
 * browser, with the place each file was left at on any device.
 */
import { z } from 'zod';

/** An eBook's file, as the downloads name it: `<book>.pdf` or `<book>.mp3`. */
export const libraryFileKeySchema = z.string().regex(/^[a-z0-9-]{1,60}\.(pdf|mp3)$/);

/** POST /api/library/session: the token of a library link, read from the link's fragment. */
export const libraryOpenBodySchema = z.object({ token: z.string().min(1).max(1024) });

/** How long a library link opens a library after it was sent (docs/product.md#library). */
export const LIBRARY_LINK_DAYS = 30;

/** The answer to POST /api/library/session: whose library this device now opens. */
export const libraryOpenedSchema = z.object({ email: z.string() });

/** The most a position can be: a PDF's page, or an audiobook's millisecond (a day's listening). */
export const LIBRARY_POSITION_MAX = 24 * 3600 * 1000;

/** Where a file was left: a PDF's page (from 1), an audiobook's millisecond. */
export const libraryProgressSchema = z.object({
  position: z.number().int().min(0).max(LIBRARY_POSITION_MAX),
  /** Counts the saves, so that a device can tell a newer place from another device. */
  version: z.number().int().min(1),
  updatedAt: z.string(),
});

export type LibraryProgress = z.infer<typeof libraryProgressSchema>;

/** POST /api/library/progress: a place to keep (as JSON, or as a form from a page being left). */
export const libraryProgressBodySchema = z.object({
  fileKey: libraryFileKeySchema,
  position: z.coerce.number().int().min(0).max(LIBRARY_POSITION_MAX),
  /**
   * When the place was reached, in milliseconds since 1970 (a place kept offline is sent
   * later); now when not given. A place reached before the one kept is not kept.
   */
  at: z.coerce.number().int().min(0).max(8.64e15).optional(),
});

export type LibraryProgressBody = z.infer<typeof libraryProgressBodySchema>;

/** A chapter the audio file itself names (ID3), for the player (docs/product.md#audiobook-chapters). */
export const fileChapterSchema = z.object({ title: z.string(), startMs: z.number().int().min(0) });

export type FileChapter = z.infer<typeof fileChapterSchema>;

export const libraryFileSchema = z.object({
  fileKey: libraryFileKeySchema,
  kind: z.enum(['pdf', 'mp3']),
  label: z.string(),
  /** The shop's own address the reader or player streams it from: inline, by ranges. */
  streamUrl: z.string(),
  /** A signed download link, as the e-mails carry. */
  downloadUrl: z.url(),
  progress: libraryProgressSchema.nullable(),
  /** The chapters an audiobook's own tag names, in order; none for a PDF or an untagged file. */
  chapters: z.array(fileChapterSchema),
});

export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const libraryBookSchema = z.object({
  bookKey: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The book's picture in the catalogue, or null. */
  cover: z.string().nullable(),
  files: z.array(libraryFileSchema),
});

export type LibraryBook = z.infer<typeof libraryBookSchema>;

/**
 * Whether an address is a member now (docs/product.md#member-resources): `active` until
 * `until` (null while it renews), `ended` when every membership it had is over, `none` without
 * one.
 */
const memberAccessSchema = z.object({
  state: z.enum(['active', 'ended', 'none']),
  until: z.string().nullable(),
});

const memberResourceFileSchema = z.object({
  fileId: z.string(),
  kind: z.enum(['pdf', 'audio']),
  label: z.string(),
  contentType: z.string(),
  /** The CMS's file, in bytes (a stamped worksheet is a little larger). */
  size: z.number().int().min(0),
  /** The shop's own address the reader or player streams it from: inline, by ranges. */
  streamUrl: z.string(),
});

const memberResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** `YYYY-MM`. */
  month: z.string(),
  description: z.string(),
  /** The recording's transcript (Markdown); null for a non-member, or without a recording. */
  transcript: z.string().nullable(),
  /** Where each question starts in the recording; none for a non-member. */
  questions: z.array(z.object({ title: z.string(), startMs: z.number().int().min(0) })),
  /** The worksheets, then the recording; none for a non-member. */
  files: z.array(memberResourceFileSchema),
});

/**
 * What the library shows of the membership: whether the caller is a member, and every
 * published member resource, newest month first; with its files, transcript and questions
 * for a member only.
 */
export const memberShelfSchema = z.object({
  access: memberAccessSchema,
  resources: z.array(memberResourceSchema),
});

export type MemberShelf = z.infer<typeof memberShelfSchema>;
export type MemberAccess = MemberShelf['access'];
export type MemberResource = MemberShelf['resources'][number];

/** GET /api/library: what the caller owns, and the file they last read or heard. */
export const librarySchema = z.object({
  email: z.string(),
  /** How the caller got in: signed in, or with a library link on this device. */
  via: z.enum(['account', 'link']),
  books: z.array(libraryBookSchema),
  /** The file last read or heard, offered first; null before the first. */
  lastOpened: z.object({ fileKey: libraryFileKeySchema }).nullable(),
  /** The member resources: a member's to open, for others what membership brings. */
  membership: memberShelfSchema,
});

export type Library = z.infer<typeof librarySchema>;

/** One device a library link opened for the address (GET /api/library/devices). */
export const libraryDeviceSchema = z.object({
  /** The kind of device, as its browser names itself ('Chrome on Android'), or null. */
  device: z.string().nullable(),
  openedAt: z.string(),
  /** When its session ends unless the buyer signs it out before. */
  expiresAt: z.string(),
  /** Whether it is the device that asked. */
  current: z.boolean(),
});
export type LibraryDevice = z.infer<typeof libraryDeviceSchema>;

/** The devices a library link opened for the address, newest first. */
export const libraryDevicesSchema = z.object({ devices: z.array(libraryDeviceSchema) });
export type LibraryDevices = z.infer<typeof libraryDevicesSchema>;
