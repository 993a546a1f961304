/**
 * The player's chapters (docs/product.md#audiobook-chapters): the CMS's titles, each starting
 * where the CMS says, else where the file's own ID3 chapter of the same number starts; a
 * chapter with neither is not a place to jump to. Without the CMS's list (the CMS unreachable,
 * or a book it has no chapters for), the file's own chapters.
 */
import type { FileChapter } from '@aba-shop/contract';
import type { AudiobookChapter } from '@/lib/cms/chapters';

export interface PlayerChapter {
  title: string;
  startSeconds: number;
}

export function playerChapters(
  cms: readonly AudiobookChapter[],
  file: readonly FileChapter[],
): PlayerChapter[] {
  const fromFile = file.map(({ title, startMs }) => ({ title, startSeconds: startMs / 1000 }));
  if (cms.length === 0) return fromFile;
  return cms
    .flatMap(({ number, title, startSeconds }) => {
      const start = startSeconds ?? fromFile[number - 1]?.startSeconds;
      return start === undefined ? [] : [{ title, startSeconds: start }];
    })
    .sort((a, b) => a.startSeconds - b.startSeconds);
}
