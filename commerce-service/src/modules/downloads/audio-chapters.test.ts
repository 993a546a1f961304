import {
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ID3Writer } from 'browser-id3-writer';
import { ensureSampleAssets } from '../../dev/sample-assets.ts';
import { readBooks } from './assets.ts';
import { readAudioChapters } from './audio-chapters.ts';

const books = readBooks();
let folder: string;
let sample: Buffer;
let audioOnly: Buffer;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'audio-chapters-'));
  ensureSampleAssets(folder);
  sample = readFileSync(path.join(folder, 'aba-for-parents.mp3'));
  const tagLength = 10 + sample.subarray(6, 10).reduce((size, byte) => (size << 7) | byte, 0);
  audioOnly = sample.subarray(tagLength);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function write(name: string, content: Uint8Array): string {
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
}

const eighteenSeconds = (index: number) => index * 18_000;

describe('readAudioChapters', () => {
  it.each(Object.entries(books))(
    "reads the ten chapters of the %s sample with the book's titles and start times",
    async (key, book) => {
      expect(await readAudioChapters(path.join(folder, `${key}.mp3`))).toEqual(
        book.chapters.map((title, index) => ({ title, startMs: eighteenSeconds(index) })),
      );
    },
  );

  it('is empty for an MP3 without a tag', async () => {
    expect(await readAudioChapters(write('untagged.mp3', audioOnly))).toEqual([]);
  });

  it('is empty for an MP3 whose tag has no chapters', async () => {
    const writer = new ID3Writer(new Uint8Array(audioOnly).buffer);
    const tagged = writer
      .setFrame('TIT2', 'ABA for Parents')
      .setFrame('TPE1', ['ABA Parent Guides'])
      .addTag();
    expect(await readAudioChapters(write('no-chapters.mp3', Buffer.from(tagged)))).toEqual([]);
  });

  it('is empty for a file that is not audio, and for a tag cut short', async () => {
    expect(await readAudioChapters(path.join(folder, 'aba-for-parents.pdf'))).toEqual([]);
    expect(await readAudioChapters(write('cut.mp3', sample.subarray(0, 300)))).toEqual([]);
  });

  it('orders chapters by start time whatever order the frames are in', async () => {
    const writer = new ID3Writer(new Uint8Array(audioOnly).buffer);
    const tagged = writer
      .setFrame('CHAP', { id: 'b', startTime: 61_500, endTime: 90_000, subFrames: { TIT2: 'Two' } })
      .setFrame('CHAP', { id: 'a', startTime: 0, endTime: 61_500, subFrames: { TIT2: 'One' } })
      .addTag();
    expect(await readAudioChapters(write('unordered.mp3', Buffer.from(tagged)))).toEqual([
      { title: 'One', startMs: 0 },
      { title: 'Two', startMs: 61_500 },
    ]);
  });

  it('reads only the tag: a 4 GiB file whose audio is a hole answers at once', async () => {
    const file = write('long.mp3', sample);
    truncateSync(file, 4 * 1024 ** 3);
    const started = performance.now();
    expect(await readAudioChapters(file)).toHaveLength(10);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers from its cache until the file changes', async () => {
    const file = write('replaced.mp3', sample);
    const mtime = new Date('2026-11-01T10:00:00Z');
    utimesSync(file, mtime, mtime);
    expect(await readAudioChapters(file)).toHaveLength(10);
    // Same size and time: taken for the same file, so the tag is not read again.
    writeFileSync(file, Buffer.alloc(sample.length));
    utimesSync(file, mtime, mtime);
    expect(await readAudioChapters(file)).toHaveLength(10);
    const later = new Date(mtime.getTime() + 5000);
    utimesSync(file, later, later);
    expect(await readAudioChapters(file)).toEqual([]);
  });

  it('fails for a file that does not exist, and reads it once it does', async () => {
    const file = path.join(folder, 'arrives-later.mp3');
    await expect(readAudioChapters(file)).rejects.toThrow(/ENOENT/);
    write('arrives-later.mp3', sample);
    expect(await readAudioChapters(file)).toHaveLength(10);
  });
});
