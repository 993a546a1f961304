/**
 * The chapters an audiobook file names in its ID3v2 tag (CHAP frames, in the order of the
 * top-level CTOC), for the player, which uses them where the CMS gives a chapter no start time
 * (docs/product.md#audiobook-chapters). Only the tag at the file's start is read, never the
 * audio; the answer is kept per file and modification time.
 */
import { open, stat } from 'node:fs/promises';
import { parseBuffer } from 'music-metadata';

export interface AudioChapter {
  title: string;
  startMs: number;
}

const ID3_HEADER_BYTES = 10;
/** A tag with a cover picture is a few megabytes at most; past this the file is not read. */
const MAX_TAG_BYTES = 16 * 1024 * 1024;

const cache = new Map<string, { version: string; chapters: Promise<AudioChapter[]> }>();

/** The ID3v2 tag at the start of a file, header included, or null when it has none. */
async function readId3Tag(filePath: string): Promise<Buffer | null> {
  const file = await open(filePath, 'r');
  try {
    const header = Buffer.alloc(ID3_HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, ID3_HEADER_BYTES, 0);
    if (bytesRead < ID3_HEADER_BYTES || header.toString('latin1', 0, 3) !== 'ID3') return null;
    // The size is "synchsafe": four 7-bit bytes. Version 2.4 may add a 10-byte footer.
    const bodySize = header.subarray(6, 10).reduce((size, byte) => (size << 7) | (byte & 0x7f), 0);
    const footer = header[3] === 4 && ((header[5] ?? 0) & 0x10) !== 0 ? ID3_HEADER_BYTES : 0;
    const tagSize = ID3_HEADER_BYTES + bodySize + footer;
    if (tagSize > MAX_TAG_BYTES) return null;
    const tag = Buffer.alloc(tagSize);
    const read = await file.read(tag, 0, tagSize, 0);
    return read.bytesRead === tagSize ? tag : null;
  } finally {
    await file.close();
  }
}

async function parseChapters(filePath: string): Promise<AudioChapter[]> {
  const tag = await readId3Tag(filePath);
  if (!tag) return [];
  try {
    const metadata = await parseBuffer(
      tag,
      { mimeType: 'audio/mpeg', size: tag.length },
      { duration: false, skipCovers: true, skipPostHeaders: true },
    );
    return (metadata.format.chapters ?? [])
      .map((chapter) => ({ title: chapter.title, startMs: Math.round(chapter.start * 1000) }))
      .sort((a, b) => a.startMs - b.startMs);
  } catch {
    // A damaged tag leaves the player with the CMS's start times, or none.
    return [];
  }
}

/** The file's ID3 chapters by start time; empty when it has none or is not tagged. */
export async function readAudioChapters(filePath: string): Promise<AudioChapter[]> {
  const { mtimeMs, size } = await stat(filePath);
  const version = `${mtimeMs}:${size}`;
  const cached = cache.get(filePath);
  if (cached?.version === version) return cached.chapters;
  const chapters = parseChapters(filePath);
  const entry = { version, chapters };
  cache.set(filePath, entry);
  // A file that could not be read is read again next time.
  chapters.catch(() => {
    if (cache.get(filePath) === entry) cache.delete(filePath);
  });
  return chapters;
}
