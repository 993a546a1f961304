/**
 * A folder of files made on demand and kept for the next request: one file per id, named after
 * the id and the version it was made from, so that a new version makes a new file; written whole
 * or not at all; made once however many ask at the same time; and bounded in size, the least
 * recently used going first. The stamped PDFs keep their copies in one
 * (modules/downloads/stamped-pdfs.ts, docs/adr/0016-stamped-pdfs.md), the member resources their
 * files fetched from the CMS in another (docs/product.md#member-resources).
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
import { open, rename, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

const TOUCH_EVERY_MS = 60_000;

/**
 * An open kept file: a file descriptor for the caller to read and close, which stays valid if
 * the file is evicted meanwhile.
 */
export interface KeptFile {
  fd: number;
  size: number;
  /** Where it is, to read it again by name (a PDF stamped from it). */
  path: string;
}

export interface KeptFileStore {
  /**
   * The file of `id` made from `version` (letters, digits, `-` and `_`), made first by `make`,
   * which writes it whole at the path it is given, unless a current one exists.
   */
  open(id: string, version: string, make: (path: string) => Promise<void>): Promise<KeptFile>;
}

export interface KeptFileStoreOptions {
  dir: string;
  maxBytes: number;
  /** The files' extension, without the dot: `pdf`. */
  extension: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What a file is, for the log: 'a stamped PDF'. */
  what: string;
}

interface Entry {
  name: string;
  version: string;
  size: number;
  /** When the file's mtime was last set, to say how recently it was used. */
  touchedAt: number;
}

/** The id's part of a file's name: the id, or a digest of an id unfit for a name. */
export function keptFileKey(id: string): string {
  return /^[\w-]{1,64}$/.test(id) ? id : createHash('sha256').update(id).digest('hex').slice(0, 64);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export function createKeptFileStore({
  dir,
  maxBytes,
  extension,
  log,
  what,
}: KeptFileStoreOptions): KeptFileStore {
  const fileName = new RegExp(`^([\\w-]{1,64})\\.([\\w-]{1,100})\\.${extension}$`);
  /** By key, least recently used first. */
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<Entry>>();
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
      if (!isMissing(error)) log.warn({ err: error, name }, `${what} could not be removed`);
    });

  /**
   * Forgets files, oldest first, until the folder fits, and answers their names to remove.
   * The file just made stays, even if alone it does not fit.
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

  // What an earlier run left: its files, by when they were last used; no temporary files.
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
    const match = fileName.exec(name);
    if (!match) {
      if (name.endsWith('.tmp')) removeNow(name);
      return [];
    }
    const stats = statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (!stats) return [];
    return [{ key: match[1] as string, version: match[2] as string, name, stats }];
  });
  found.sort((a, b) => a.stats.mtimeMs - b.stats.mtimeMs);
  for (const { key, version, name, stats } of found) {
    // Two files of one id (a crash between making one and removing the other): the newer stays.
    const older = entries.get(key);
    if (older) {
      forget(key);
      removeNow(older.name);
    }
    remember(key, { name, version, size: stats.size, touchedAt: stats.mtimeMs });
  }
  evict().forEach(removeNow);

  async function makeFile(
    key: string,
    version: string,
    make: (path: string) => Promise<void>,
  ): Promise<Entry> {
    const name = `${key}.${version}.${extension}`;
    const temporary = path.join(dir, `${name}.${randomUUID()}.tmp`);
    let size: number;
    try {
      await make(temporary);
      const file = await open(temporary, 'r+');
      try {
        await file.sync();
        size = (await file.stat()).size;
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
    const entry = { name, version, size, touchedAt: Date.now() };
    remember(key, entry);
    const stale = evict();
    if (replaced && replaced.name !== name) stale.push(replaced.name);
    await Promise.all(stale.map(removeFile));
    return entry;
  }

  return {
    async open(id, version, make) {
      const key = keptFileKey(id);
      // Twice at most: a file removed under our feet (by another replica sharing the folder,
      // or evicted between being made and being opened) is made again once.
      for (let attempt = 1; ; attempt += 1) {
        let entry = entries.get(key);
        if (entry?.version !== version) {
          const flight = `${key}.${version}`;
          let pending = making.get(flight);
          if (!pending) {
            pending = makeFile(key, version, make).finally(() => making.delete(flight));
            making.set(flight, pending);
          }
          entry = await pending;
        }
        try {
          // Opened and measured synchronously: a few microseconds for a local file, where the
          // promise API's round trips cost a cached request more than its bytes.
          const filePath = path.join(dir, entry.name);
          const fd = openSync(filePath, 'r');
          markUsed(key, entry);
          try {
            // The size of the file opened, whichever replica wrote it.
            return { fd, size: fstatSync(fd).size, path: filePath };
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
