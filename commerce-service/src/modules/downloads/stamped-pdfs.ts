/**
 * The stamped copies of the PDFs (docs/product.md#stamped-pdfs), one file per entitlement in
 * STAMPED_PDF_DIR: named after the original and the stamp so a change makes a new copy, written
 * whole or not at all, bounded by least-recent use (a kept-files store, src/kept-files.ts), and
 * stamped once per entitlement, at most two at a time (docs/adr/0016-stamped-pdfs.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createKeptFileStore, type KeptFile } from '../../kept-files.ts';
import { stampPdf, type Licence } from './stamp.ts';

/**
 * Raised when the stamp's look changes, so that copies made before are made again: v2 names
 * the order by its number instead of its checkout session id.
 */
const STAMP_VERSION = 'v2';
const STAMPING_AT_ONCE = 2;

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
export type StampedCopy = KeptFile;

export interface StampedPdfStore {
  /**
   * The stamped copy of `original` kept under `copyId` (an entitlement's id, or another id of
   * one reader's copy), stamped first unless a current copy exists. `licence` is asked for only
   * then: a cached download needs no more than the entitlement.
   */
  open(
    copyId: string,
    original: OriginalFile,
    licence: () => Promise<Licence>,
  ): Promise<StampedCopy>;
}

export interface StampedPdfStoreOptions {
  dir: string;
  maxBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What makes a copy (stampPdf; a test may count the calls). */
  stamp?: (original: Uint8Array, licence: Licence) => Promise<Uint8Array>;
}

function fingerprintOf(original: OriginalFile): string {
  return `${STAMP_VERSION}-${original.size}-${Math.trunc(original.mtimeMs)}`;
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
  const copies = createKeptFileStore({
    dir,
    maxBytes,
    extension: 'pdf',
    log,
    what: 'a stamped PDF',
  });
  const stampInTurn = limiter(STAMPING_AT_ONCE);
  return {
    open: (copyId, original, licence) =>
      copies.open(copyId, fingerprintOf(original), async (copyPath) =>
        writeFile(
          copyPath,
          await stampInTurn(async () => stamp(await readFile(original.path), await licence())),
        ),
      ),
  };
}
