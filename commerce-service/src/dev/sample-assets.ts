/**
 * Sample eBook files for `npm start`, `npm run dev`, the tests and the benchmarks: a PDF
 * drawn from each book's outline and a three-minute MP3 with ten chapters, so that every
 * download and the player can be tried on a fresh machine. Never part of the service itself: a
 * live shop delivers the real files from ASSETS_DIR, and refuses to start without them (see the
 * README, "Going live").
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { readBooks } from '../modules/downloads/assets.ts';
import { renderSampleAudiobook, SAMPLE_MARKER } from './sample-audio.ts';
import { renderBookPdf } from './sample-pdf.ts';

const CHIMES: Record<string, number[]> = {
  'aba-for-parents': [523.25, 659.25, 783.99],
  'aba-case-studies': [440, 554.37, 659.25],
};

/**
 * The first sample MP3 was a 7.2 s chime of about 44 KB with no ID3 tag; a real audiobook is
 * megabytes. Anything else is left alone.
 */
const FIRST_SAMPLE_MAX_BYTES = 64 * 1024;

/** The first bytes of a file: enough for an ID3 header and our marker frame. */
function readHead(file: string, length: number): Buffer {
  const descriptor = openSync(file, 'r');
  try {
    const head = Buffer.alloc(length);
    return head.subarray(0, readSync(descriptor, head, 0, length, 0));
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Whether an MP3 in the folder is a sample of an earlier version, which the current one
 * replaces: the first, untagged chime, or a tagged sample whose marker is not the current one.
 */
export function isOutdatedSampleMp3(file: string): boolean {
  const head = readHead(file, 256);
  if (head.subarray(0, 3).toString('latin1') !== 'ID3') {
    const frameSync = head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
    return frameSync && statSync(file).size <= FIRST_SAMPLE_MAX_BYTES;
  }
  return head.includes(tagText(SAMPLE_MARKER.description)) && !head.includes(CURRENT_MARKER);
}

/** Text as the tag writer stores it: UTF-16 with a byte-order mark. */
const tagText = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le');
/** The marker frame's description, its end and its value. */
const CURRENT_MARKER = Buffer.concat([
  tagText(SAMPLE_MARKER.description),
  Buffer.alloc(2),
  tagText(SAMPLE_MARKER.value),
]);

/** Generates any missing sample file; existing files (real books) are left alone. */
export function ensureSampleAssets(assetsDir: string): void {
  mkdirSync(assetsDir, { recursive: true });
  for (const [key, book] of Object.entries(readBooks())) {
    const pdf = path.join(assetsDir, `${key}.pdf`);
    if (!existsSync(pdf)) writeFileSync(pdf, renderBookPdf(book));
    const mp3 = path.join(assetsDir, `${key}.mp3`);
    if (!existsSync(mp3) || isOutdatedSampleMp3(mp3)) {
      writeFileSync(
        mp3,
        renderSampleAudiobook({
          title: book.title,
          chapters: book.chapters,
          notesHz: CHIMES[key] ?? [392, 493.88, 587.33],
        }),
      );
    }
  }
}
