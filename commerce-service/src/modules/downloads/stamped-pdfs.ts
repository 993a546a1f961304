/**
 * The stamped copies of the PDFs (docs/product.md#stamped-pdfs), one file per entitlement in
 * STAMPED_PDF_DIR: named after the original and the stamp so a change makes a new copy, written
 * whole or not at all, bounded by least-recent use, and stamped once per entitlement, at most
 * two at a time (docs/adr/0016-stamped-pdfs.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { open, readFile, rename, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { stampPdf, type Licence } from './stamp.ts';

/** Raised when the stamp's look changes, so that copies made before are made again. */
const STAMP_VERSION = 'v1';
const STAMPING_AT_ONCE = 2;
const TOUCH_EVERY_MS = 60_000;
const COPY_NAME = /^([\w-]{1,64})\.(v\d+-\d+-\d+)\.pdf$/;

/** The original file as it is now: what a copy was made from. */
export interface OriginalFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * An open stamped copy: a file descriptor for the caller to read and close, which stays
 * valid if the copy is evicted meanwhile.
 */
export interface StampedCopy {
  fd: number;
  size: number;
}

export interface StampedPdfStore {
  /**
   * The entitlement's stamped copy of `original`, stamped first unless a current copy exists.
   * `licence` is asked for only then: a cached download needs no more than the entitlement.
   */
  open(
    entitlementId: string,
    original: OriginalFile,
    licence: () => Promise<Licence>,
  ): Promise<StampedCopy>;
}

interface Entry {
  name: string;
  fingerprint: string;
  size: number;
  /** When the copy's mtime was last set, to say how recently it was used. */
  touchedAt: number;
}

export interface StampedPdfStoreOptions {
  dir: string;
  maxBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What makes a copy (stampPdf; a test may count the calls). */
  stamp?: (original: Uint8Array, licence: Licence) => Promise<Uint8Array>;
}

/** The entitlement's part of a copy's name: its id, or a digest of an id unfit for a name. */
function baseName(entitlementId: string): string {
  return /^[\w-]{1,64}$/.test(entitlementId)
    ? entitlementId
    : createHash('sha256').update(entitlementId).digest('hex').slice(0, 64);
}

function fingerprintOf(original: OriginalFile): string {
  return `${STAMP_VERSION}-${original.size}-${Math.trunc(original.mtimeMs)}`;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** At most `limit` tasks at a time; the others wait their turn, first come first served. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A finished task hands its place to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createStampedPdfStore({
  dir,
  maxBytes,
  log,
  stamp = stampPdf,
}: StampedPdfStoreOptions): StampedPdfStore {
  /** By entitlement (base name), least recently used first. */
  const entries = new Map<string, Entry>();
  const stamping = new Map<string, Promise<Entry>>();
  const stampInTurn = limiter(STAMPING_AT_ONCE);
  let totalBytes = 0;

  const remember = (key: string, entry: Entry) => {
    entries.set(key, entry);
    totalBytes += entry.size;
  };
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.size;
  };
  const removeFile = (name: string) =>
    unlink(path.join(dir, name)).catch((error: unknown) => {
      if (!isMissing(error)) log.warn({ err: error, name }, 'a stamped PDF could not be removed');
    });

  /**
   * Forgets copies, oldest first, until the folder fits, and answers their names to remove.
   * The copy just made stays, even if alone it does not fit.
   */
  const evict = (): string[] => {
    const evicted: string[] = [];
    for (const [key, entry] of entries) {
      if (totalBytes <= maxBytes || entries.size <= 1) break;
      forget(key);
      evicted.push(entry.name);
    }
    return evicted;
  };

  const markUsed = (key: string, entry: Entry) => {
    // Evicted meanwhile: the open descriptor still reads it, the folder no longer counts it.
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    entries.set(key, entry);
    const now = Date.now();
    if (now - entry.touchedAt < TOUCH_EVERY_MS) return;
    entry.touchedAt = now;
    const when = new Date(now);
    utimes(path.join(dir, entry.name), when, when).catch(() => {});
  };

  // What an earlier run left: its copies, by when they were last used; no temporary files.
  // Another replica sharing the folder may remove a file meanwhile, which is no failure.
  const removeNow = (name: string) => {
    try {
      unlinkSync(path.join(dir, name));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  };
  mkdirSync(dir, { recursive: true });
  const found = readdirSync(dir).flatMap((name) => {
    const match = COPY_NAME.exec(name);
    if (!match) {
      if (name.endsWith('.tmp')) removeNow(name);
      return [];
    }
    const stats = statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (!stats) return [];
    return [{ key: match[1] as string, fingerprint: match[2] as string, name, stats }];
  });
  found.sort((a, b) => a.stats.mtimeMs - b.stats.mtimeMs);
  for (const { key, fingerprint, name, stats } of found) {
    // Two copies of one entitlement (a crash between making one and removing the other): the
    // newer stays.
    const older = entries.get(key);
    if (older) {
      forget(key);
      removeNow(older.name);
    }
    remember(key, { name, fingerprint, size: stats.size, touchedAt: stats.mtimeMs });
  }
  evict().forEach(removeNow);

  async function makeCopy(
    key: string,
    fingerprint: string,
    original: OriginalFile,
    licence: () => Promise<Licence>,
  ): Promise<Entry> {
    const bytes = await stampInTurn(async () =>
      stamp(await readFile(original.path), await licence()),
    );
    const name = `${key}.${fingerprint}.pdf`;
    const temporary = path.join(dir, `${name}.${randomUUID()}.tmp`);
    try {
      const file = await open(temporary, 'w');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path.join(dir, name));
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
    const replaced = entries.get(key);
    forget(key);
    const entry = { name, fingerprint, size: bytes.byteLength, touchedAt: Date.now() };
    remember(key, entry);
    const stale = evict();
    if (replaced && replaced.name !== name) stale.push(replaced.name);
    await Promise.all(stale.map(removeFile));
    return entry;
  }

  return {
    async open(entitlementId, original, licence) {
      const key = baseName(entitlementId);
      const fingerprint = fingerprintOf(original);
      // Twice at most: a copy removed under our feet (by another replica sharing the folder,
      // or evicted between being made and being opened) is made again once.
      for (let attempt = 1; ; attempt += 1) {
        let entry = entries.get(key);
        if (entry?.fingerprint !== fingerprint) {
          const flight = `${key}.${fingerprint}`;
          let pending = stamping.get(flight);
          if (!pending) {
            pending = makeCopy(key, fingerprint, original, licence).finally(() =>
              stamping.delete(flight),
            );
            stamping.set(flight, pending);
          }
          entry = await pending;
        }
        try {
          // Opened and measured synchronously: a few microseconds for a local file, where the
          // promise API's round trips cost a cached download more than its bytes.
          const fd = openSync(path.join(dir, entry.name), 'r');
          markUsed(key, entry);
          try {
            // The size of the file opened, whichever replica wrote it.
            return { fd, size: fstatSync(fd).size };
          } catch (error) {
            closeSync(fd);
            throw error;
          }
        } catch (error) {
          if (!isMissing(error) || attempt >= 2) throw error;
          if (entries.get(key) === entry) forget(key);
        }
      }
    },
  };
}
