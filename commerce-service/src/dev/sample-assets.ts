/**
 * Sample eBook files for `npm start`, `npm run dev`, the tests and the benchmarks: a PDF
 * drawn from each book's outline and a short MP3 chime, so that every download can be tried
 * on a fresh machine. Never part of the service itself: a live shop delivers the real files
 * from ASSETS_DIR, and refuses to start without them (see the README, "Going live").
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readBooks } from '../modules/downloads/assets.ts';
import { renderChimeMp3 } from './sample-audio.ts';
import { renderBookPdf } from './sample-pdf.ts';

const CHIMES: Record<string, number[]> = {
  'aba-for-parents': [523.25, 659.25, 783.99],
  'aba-case-studies': [440, 554.37, 659.25],
};

/** Generates any missing sample file; existing files (real books) are left alone. */
export function ensureSampleAssets(assetsDir: string): void {
  mkdirSync(assetsDir, { recursive: true });
  for (const [key, book] of Object.entries(readBooks())) {
    const pdf = path.join(assetsDir, `${key}.pdf`);
    if (!existsSync(pdf)) writeFileSync(pdf, renderBookPdf(book));
    const mp3 = path.join(assetsDir, `${key}.mp3`);
    if (!existsSync(mp3)) {
      writeFileSync(
        mp3,
        renderChimeMp3({ notesHz: CHIMES[key] ?? [392, 493.88, 587.33], repeats: 4 }),
      );
    }
  }
}
