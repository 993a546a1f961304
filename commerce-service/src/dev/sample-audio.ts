/**
 * Encodes a short, real MP3 for an audiobook sample: a calm three-note chime repeated, with
 * a fade on each note, so players, seeking and downloads can be tried end to end.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

const SAMPLE_RATE = 22_050;
const NOTE_SECONDS = 0.6;

export function renderChimeMp3({
  notesHz,
  repeats,
}: {
  notesHz: number[];
  repeats: number;
}): Buffer {
  const noteLength = Math.round(SAMPLE_RATE * NOTE_SECONDS);
  const samples = new Int16Array(noteLength * notesHz.length * repeats);
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    notesHz.forEach((hz, noteIndex) => {
      const start = (repeat * notesHz.length + noteIndex) * noteLength;
      for (let i = 0; i < noteLength; i += 1) {
        const envelope = Math.exp((-3 * i) / noteLength);
        samples[start + i] = Math.round(
          9000 * envelope * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE),
        );
      }
    });
  }
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 48);
  const chunks: Uint8Array[] = [];
  const block = 1152;
  for (let offset = 0; offset < samples.length; offset += block) {
    chunks.push(encoder.encodeBuffer(samples.subarray(offset, offset + block)));
  }
  chunks.push(encoder.flush());
  return Buffer.concat(
    chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)),
  );
}
