/**
 * Encodes a real MP3 for a sample audiobook: ten chapters of 18 seconds, each opening with a
 * three-note chime and then a soft pulse, with the chapters' titles and start times in ID3v2.3
 * CHAP and CTOC frames, so that the player's chapters, seeking and downloads can be tried end to
 * end. Each sound is encoded once and its frames repeated, which keeps start-up fast.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { ID3Writer } from 'browser-id3-writer';

/**
 * MPEG-2 Layer III at 16 kHz: a frame holds 576 samples, 36 ms, and at 24 kbit/s every frame
 * is 108 bytes (no padding), so a block of frames lasts an exact number of milliseconds.
 */
const SAMPLE_RATE = 16_000;
const BITRATE_KBPS = 24;
export const FRAME_BYTES = 108;
export const FRAME_MS = 36;
/** Three notes of 0.6 s: one block, repeated. */
const NOTE_SECONDS = 0.6;
const BLOCK_FRAMES = 50;
const BLOCKS_PER_CHAPTER = 10;
/** 18 s: chapter n starts at (n - 1) × 0:18. cms/data/chapters.json gives the same start times. */
export const SAMPLE_CHAPTER_MS = BLOCK_FRAMES * BLOCKS_PER_CHAPTER * FRAME_MS;

/** The sample's marker in its tag: a later version of the sample replaces an earlier one. */
export const SAMPLE_MARKER = { description: 'aba-shop-sample', value: '2' } as const;

function encodeBlock(notesHz: number[], loudness: number): Buffer {
  const noteLength = Math.round(SAMPLE_RATE * NOTE_SECONDS);
  const samples = new Int16Array(noteLength * notesHz.length);
  notesHz.forEach((hz, noteIndex) => {
    for (let i = 0; i < noteLength; i += 1) {
      const envelope = Math.exp((-3 * i) / noteLength);
      samples[noteIndex * noteLength + i] = Math.round(
        loudness * envelope * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE),
      );
    }
  });
  // lamejs encodes without the bit reservoir, so every frame decodes on its own and a run of
  // frames can follow any other.
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const chunks = [encoder.encodeBuffer(samples), encoder.flush()];
  const encoded = Buffer.concat(
    chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)),
  );
  // The encoder's delay adds a frame or two at the end; a block is exactly BLOCK_FRAMES long.
  if (encoded.length < BLOCK_FRAMES * FRAME_BYTES || encoded[0] !== 0xff) {
    throw new Error('The MP3 encoder did not give the frames the sample audio expects');
  }
  return encoded.subarray(0, BLOCK_FRAMES * FRAME_BYTES);
}

export interface SampleAudiobook {
  title: string;
  /** The chapters' titles, in order. */
  chapters: string[];
  /** The chime that opens each chapter. */
  notesHz: number[];
}

/** The start of each chapter in milliseconds, as the sample's ID3 frames give them. */
export function sampleChapterStartsMs(chapterCount: number): number[] {
  return Array.from({ length: chapterCount }, (_, index) => index * SAMPLE_CHAPTER_MS);
}

export function renderSampleAudiobook({ title, chapters, notesHz }: SampleAudiobook): Buffer {
  const chime = encodeBlock(notesHz, 9000);
  const pulse = encodeBlock([notesHz[0] ?? 440, 0, 0], 2500);
  const chapterAudio = Buffer.concat([
    chime,
    ...Array.from({ length: BLOCKS_PER_CHAPTER - 1 }, () => pulse),
  ]);
  const audio = Buffer.concat(chapters.map(() => chapterAudio));

  const writer = new ID3Writer(
    audio.buffer.slice(audio.byteOffset, audio.byteOffset + audio.length),
  );
  writer
    .setFrame('TIT2', title)
    .setFrame('TPE1', ['ABA Parent Guides'])
    .setFrame('TXXX', SAMPLE_MARKER);
  const starts = sampleChapterStartsMs(chapters.length);
  chapters.forEach((chapterTitle, index) => {
    writer.setFrame('CHAP', {
      id: `ch${index + 1}`,
      startTime: starts[index] as number,
      endTime: (starts[index] as number) + SAMPLE_CHAPTER_MS,
      subFrames: { TIT2: chapterTitle },
    });
  });
  writer.setFrame('CTOC', {
    id: 'toc',
    ordered: true,
    topLevel: true,
    childElementIds: chapters.map((_, index) => `ch${index + 1}`),
    subFrames: { TIT2: title },
  });
  return Buffer.from(writer.addTag());
}
