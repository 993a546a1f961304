import {
  closeSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { renderBookPdf } from '../../dev/sample-pdf.ts';
import { stampPdf, type Licence } from './stamp.ts';
import { createStampedPdfStore, type OriginalFile, type StampedCopy } from './stamped-pdfs.ts';

let root: string;
let dir: string;
let originalPath: string;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'stamped-pdfs-'));
  dir = path.join(root, 'stamped');
  originalPath = path.join(root, 'book.pdf');
  writeOriginal(['Getting started', 'Next steps']);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes the original book with these chapters (a page each, after a cover and contents). */
function writeOriginal(chapters: string[], modifiedAt?: Date) {
  writeFileSync(originalPath, renderBookPdf({ title: 'A book', subtitle: 'Sample', chapters }));
  if (modifiedAt) utimesSync(originalPath, modifiedAt, modifiedAt);
}

function original(): OriginalFile {
  const stats = statSync(originalPath);
  return { path: originalPath, size: stats.size, mtimeMs: stats.mtimeMs };
}

/** The licence of buyer n, as the store asks for it (only when it stamps). */
const buyer =
  (n: number): (() => Promise<Licence>) =>
  async () => ({ email: `buyer${n}@example.com`, orderReference: `cs_test_order${n}` });

/** A store on the folder, and the licences it stamped (each call of the real stamp). */
function storeOn(maxBytes = 100 * 1024 * 1024) {
  const stamped: string[] = [];
  const store = createStampedPdfStore({
    dir,
    maxBytes,
    log,
    stamp: async (bytes, licence) => {
      stamped.push(licence.email);
      return stampPdf(bytes, licence);
    },
  });
  return { store, stamped };
}

function readCopy(copy: StampedCopy): Buffer {
  try {
    return readFileSync(copy.fd);
  } finally {
    closeSync(copy.fd);
  }
}

const copies = () => readdirSync(dir).sort();

describe('the stamped PDF store', () => {
  it('stamps an entitlement once, then reads its copy', async () => {
    const { store, stamped } = storeOn();
    const first = readCopy(await store.open('ent_1', original(), buyer(1)));
    const again = await store.open('ent_1', original(), buyer(1));
    expect(again.size).toBe(first.length);
    expect(readCopy(again).equals(first)).toBe(true);
    expect(stamped).toEqual(['buyer1@example.com']);
    expect((await PDFDocument.load(first)).getSubject()).toBe(
      'Licensed to buyer1@example.com · Order cs_test_order1',
    );
    const { size, mtimeMs } = original();
    expect(copies()).toEqual([`ent_1.v2-${size}-${Math.trunc(mtimeMs)}.pdf`]);
  });

  it('stamps once for concurrent first downloads of one entitlement', async () => {
    const { store, stamped } = storeOn();
    const opened = await Promise.all(
      Array.from({ length: 8 }, () => store.open('ent_1', original(), buyer(1))),
    );
    const bodies = opened.map(readCopy);
    expect(stamped).toHaveLength(1);
    expect(bodies.every((body) => body.equals(bodies[0] as Buffer))).toBe(true);
  });

  it('stamps at most two books at a time, and every one in turn', async () => {
    let running = 0;
    let most = 0;
    const store = createStampedPdfStore({
      dir,
      maxBytes: 100 * 1024 * 1024,
      log,
      stamp: async (bytes, licence) => {
        running += 1;
        most = Math.max(most, running);
        try {
          // Long enough for every other download to be waiting meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 20));
          return await stampPdf(bytes, licence);
        } finally {
          running -= 1;
        }
      },
    });
    const ids = ['ent_a', 'ent_b', 'ent_c', 'ent_d', 'ent_e', 'ent_f'];
    const opened = await Promise.all(ids.map((id, n) => store.open(id, original(), buyer(n))));
    opened.forEach(readCopy);
    expect(most).toBe(2);
    expect(copies()).toHaveLength(6);
  });

  it('finds its copies after a restart, without stamping again', async () => {
    const before = storeOn();
    const first = readCopy(await before.store.open('ent_1', original(), buyer(1)));
    const [name] = copies();
    const inode = statSync(path.join(dir, name as string)).ino;

    const after = storeOn();
    const again = readCopy(await after.store.open('ent_1', original(), buyer(1)));
    expect(after.stamped).toEqual([]);
    expect(again.equals(first)).toBe(true);
    expect(statSync(path.join(dir, name as string)).ino).toBe(inode);
  });

  it('stamps again when the original changes, and keeps only the new copy', async () => {
    const { store, stamped } = storeOn();
    readCopy(await store.open('ent_1', original(), buyer(1)));
    writeOriginal(['One', 'Two', 'Three', 'Four'], new Date(Date.now() + 60_000));

    const copy = readCopy(await store.open('ent_1', original(), buyer(1)));
    expect(stamped).toHaveLength(2);
    expect((await PDFDocument.load(copy)).getPageCount()).toBe(6);
    expect(copies()).toHaveLength(1);
    // The same after a restart: the old copy is not mistaken for the current one.
    const restarted = storeOn();
    readCopy(await restarted.store.open('ent_1', original(), buyer(1)));
    expect(restarted.stamped).toEqual([]);
  });

  it('keeps the folder within its size, the least recently used copies going first', async () => {
    const probe = storeOn();
    const { length: size } = readCopy(await probe.store.open('ent_p', original(), buyer(0)));
    rmSync(dir, { recursive: true });
    // Room for two copies and a half.
    const { store, stamped } = storeOn(size * 2.5);
    const names = () => copies().map((name) => name.split('.')[0]);

    readCopy(await store.open('ent_a', original(), buyer(1)));
    readCopy(await store.open('ent_b', original(), buyer(2)));
    readCopy(await store.open('ent_a', original(), buyer(1)));
    readCopy(await store.open('ent_c', original(), buyer(3)));
    expect(names()).toEqual(['ent_a', 'ent_c']);

    readCopy(await store.open('ent_b', original(), buyer(2)));
    expect(names()).toEqual(['ent_b', 'ent_c']);
    expect(stamped).toEqual([
      'buyer1@example.com',
      'buyer2@example.com',
      'buyer3@example.com',
      'buyer2@example.com',
    ]);
  });

  it('at start, forgets the least recently used past the limit and removes unfinished files', async () => {
    const before = storeOn();
    let size = 0;
    for (const [n, id] of ['ent_a', 'ent_b', 'ent_c'].entries()) {
      size = readCopy(await before.store.open(id, original(), buyer(n))).length;
    }
    const usedSecondsAgo = { ent_a: 10, ent_b: 1000, ent_c: 500 };
    for (const name of copies()) {
      const when = new Date(Date.now() - usedSecondsAgo[name.split('.')[0] as 'ent_a'] * 1000);
      utimesSync(path.join(dir, name), when, when);
    }
    // What a crash in the middle of writing a copy leaves.
    writeFileSync(path.join(dir, 'ent_d.v2-1-1.pdf.2f1c.tmp'), '%PDF-1.7\n1 0 obj');

    const after = storeOn(size * 2.5);
    expect(copies().map((name) => name.split('.')[0])).toEqual(['ent_a', 'ent_c']);
    readCopy(await after.store.open('ent_c', original(), buyer(2)));
    expect(after.stamped).toEqual([]);
  });

  it('makes a copy again when its file was removed by someone else', async () => {
    const { store, stamped } = storeOn();
    readCopy(await store.open('ent_1', original(), buyer(1)));
    unlinkSync(path.join(dir, copies()[0] as string));
    const copy = readCopy(await store.open('ent_1', original(), buyer(1)));
    expect((await PDFDocument.load(copy)).getSubject()).toContain('buyer1@example.com');
    expect(stamped).toHaveLength(2);
  });

  it('still reads an opened copy that was evicted before it was read', async () => {
    const { store } = storeOn(1);
    const first = await store.open('ent_a', original(), buyer(1));
    readCopy(await store.open('ent_b', original(), buyer(2)));
    expect(copies().map((name) => name.split('.')[0])).toEqual(['ent_b']);
    const body = readCopy(first);
    expect(body.length).toBe(first.size);
    expect((await PDFDocument.load(body)).getSubject()).toContain('buyer1@example.com');
  });

  it('fails on an original that is not a PDF, leaving no file behind', async () => {
    writeFileSync(originalPath, 'not a PDF at all');
    const { store } = storeOn();
    await expect(store.open('ent_1', original(), buyer(1))).rejects.toThrow();
    expect(copies()).toEqual([]);
  });

  it('names the copy of an id unfit for a file name by its digest', async () => {
    const { store } = storeOn();
    readCopy(await store.open('../../etc/passwd', original(), buyer(1)));
    expect(copies()).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.v2-\d+-\d+\.pdf$/)]);
  });
});
