import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ID3Writer } from 'browser-id3-writer';
import { parseBuffer } from 'music-metadata';
import { readBooks } from '../modules/downloads/assets.ts';
import { ensureSampleAssets } from './sample-assets.ts';
import {
  FRAME_BYTES,
  FRAME_MS,
  renderSampleAudiobook,
  SAMPLE_MARKER,
  sampleChapterStartsMs,
} from './sample-audio.ts';

const books = readBooks();
const parents = books['aba-for-parents'];
if (!parents) throw new Error('books.json lacks aba-for-parents');
const sample = renderSampleAudiobook({
  title: parents.title,
  chapters: parents.chapters,
  notesHz: [523.25, 659.25, 783.99],
});

function id3TagLength(file: Buffer): number {
  if (file.toString('latin1', 0, 3) !== 'ID3') return 0;
  return 10 + file.subarray(6, 10).reduce((size, byte) => (size << 7) | (byte & 0x7f), 0);
}

/** Walks the MPEG frames after the tag by their headers, as a player finds them. */
function mpegFrames(file: Buffer) {
  const frames: { version: number; layer: number; bitrateIndex: number; rateIndex: number }[] = [];
  let offset = id3TagLength(file);
  while (offset < file.length) {
    const [sync = 0, second = 0, third = 0] = file.subarray(offset, offset + 3);
    if (sync !== 0xff || (second & 0xe0) !== 0xe0) throw new Error(`No frame at byte ${offset}`);
    frames.push({
      version: (second >> 3) & 3,
      layer: (second >> 1) & 3,
      bitrateIndex: third >> 4,
      rateIndex: (third >> 2) & 3,
    });
    // MPEG-2 Layer III: 72 × bitrate / sample rate bytes, plus the padding bit.
    offset += FRAME_BYTES + ((third >> 1) & 1);
  }
  return frames;
}

describe('the sample audiobook', () => {
  it('lasts three minutes: 5,000 MPEG-2 Layer III frames of 36 ms at 16 kHz and 24 kbit/s', () => {
    const frames = mpegFrames(sample);
    expect(frames).toHaveLength(5000);
    expect(frames.length * FRAME_MS).toBe(180_000);
    // Version 2 is MPEG-2, layer 1 is Layer III, index 3 is 24 kbit/s, index 2 is 16 kHz.
    expect(new Set(frames.map((frame) => JSON.stringify(frame)))).toEqual(
      new Set([JSON.stringify({ version: 2, layer: 1, bitrateIndex: 3, rateIndex: 2 })]),
    );
  });

  it('decodes as 180 s of 16 kHz mono MPEG audio', async () => {
    const metadata = await parseBuffer(sample, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(metadata.format).toMatchObject({
      codec: 'MPEG 2 Layer 3',
      sampleRate: 16_000,
      numberOfChannels: 1,
      duration: 180,
    });
  });

  it("names the book's ten chapters in ID3v2.3 CHAP frames, ordered by a top-level CTOC", async () => {
    const metadata = await parseBuffer(sample, { mimeType: 'audio/mpeg' }, { duration: false });
    expect(metadata.format.tagTypes).toContain('ID3v2.3');
    expect(metadata.common.title).toBe('ABA for Parents');
    expect(
      metadata.format.chapters?.map(({ title, start, end }) => ({ title, start, end })),
    ).toEqual(
      parents.chapters.map((title, index) => ({
        title,
        start: index * 18,
        end: (index + 1) * 18,
      })),
    );
    const toc = metadata.native['ID3v2.3']?.find((tag) => tag.id === 'CTOC')?.value as {
      flags: { topLevel: boolean; ordered: boolean };
      childElementIds: string[];
    };
    expect(toc.flags).toEqual({ topLevel: true, ordered: true });
    expect(toc.childElementIds).toHaveLength(10);
  });

  it("starts each chapter where the CMS's seed starts ABA for Parents' chapters, and gives Case Studies none", () => {
    const seed = (file: string) =>
      JSON.parse(readFileSync(new URL(`../../../cms/data/${file}`, import.meta.url), 'utf8')) as {
        number: number;
        audioStart?: string;
      }[];
    const toMs = (start: string) =>
      start.split(':').reduce((seconds, part) => seconds * 60 + Number(part), 0) * 1000;
    expect(seed('chapters.json').map((chapter) => toMs(chapter.audioStart ?? ''))).toEqual(
      sampleChapterStartsMs(10),
    );
    expect(seed('chapters-case-studies.json').map((chapter) => chapter.audioStart)).toEqual(
      Array.from({ length: 10 }, () => undefined),
    );
  });
});

describe('ensureSampleAssets', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sample-assets-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const mp3 = (book: string) => path.join(folder, `${book}.mp3`);
  const audioOnly = sample.subarray(id3TagLength(sample));

  it('writes both books with their own chapters', async () => {
    ensureSampleAssets(folder);
    for (const [key, book] of Object.entries(books)) {
      const metadata = await parseBuffer(readFileSync(mp3(key)), { mimeType: 'audio/mpeg' });
      expect(metadata.format.chapters?.map((chapter) => chapter.title)).toEqual(book.chapters);
    }
  });

  it('replaces the first sample, a 7.2 s untagged chime of about 44 KB', () => {
    writeFileSync(mp3('aba-for-parents'), audioOnly.subarray(0, 44_000));
    ensureSampleAssets(folder);
    expect(readFileSync(mp3('aba-for-parents'))).toEqual(sample);
  });

  it('replaces a tagged sample of an earlier version', () => {
    const writer = new ID3Writer(new Uint8Array(audioOnly).buffer);
    const tag = writer.setFrame('TXXX', { description: SAMPLE_MARKER.description, value: '1' });
    writeFileSync(mp3('aba-for-parents'), Buffer.from(tag.addTag()));
    ensureSampleAssets(folder);
    expect(readFileSync(mp3('aba-for-parents'))).toEqual(sample);
  });

  it('leaves real books alone: an untagged MP3 of more than 64 KB, a tagged one, and the current sample', () => {
    const untagged = audioOnly.subarray(0, 200_000);
    const writer = new ID3Writer(new Uint8Array(audioOnly.subarray(0, 1000)).buffer);
    const tagged = Buffer.from(
      writer.setFrame('TIT2', 'ABA Case Studies, read by the author').addTag(),
    );
    writeFileSync(mp3('aba-for-parents'), untagged);
    writeFileSync(mp3('aba-case-studies'), tagged);
    ensureSampleAssets(folder);
    expect(readFileSync(mp3('aba-for-parents'))).toEqual(untagged);
    expect(readFileSync(mp3('aba-case-studies'))).toEqual(tagged);

    rmSync(mp3('aba-for-parents'));
    ensureSampleAssets(folder);
    const written = statSync(mp3('aba-for-parents')).mtimeMs;
    ensureSampleAssets(folder);
    expect(statSync(mp3('aba-for-parents')).mtimeMs).toBe(written);
  });
});
