/**
 * Reading PDFs back in tests: the text of each page, and the content streams behind it.
 *
 * The text comes from `pdftotext` (poppler-utils, which CI installs: .ci/run) when it is on the
 * PATH, as a reader's tools would extract it. Without it, the strings that the pages' content
 * streams show (Tj) are read with pdf-lib: enough for the shop's sample books and its stamp,
 * which draw with simple fonts in WinAnsi.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

export const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

function pdftotextPages(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    // Pages end with a form feed.
    return result.stdout.split('\f').slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The decoded content streams of a page, in drawing order. */
export function pageContentStreams(document: PDFDocument, page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => document.context.lookup(ref))
      : [contents];
  return streams.map((stream) => {
    if (!(stream instanceof PDFRawStream)) throw new Error('a page content is not a stream');
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  });
}

const winAnsi = new TextDecoder('windows-1252');

function literalBytes(literal: string): Buffer {
  const unescaped = literal.replace(/\\([0-7]{1,3}|.)/gs, (_, escaped: string) => {
    if (/^[0-7]+$/.test(escaped)) return String.fromCharCode(parseInt(escaped, 8));
    return { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[escaped] ?? escaped;
  });
  return Buffer.from(unescaped, 'latin1');
}

function shownStrings(content: string): string[] {
  const shown = /\((?<literal>(?:\\.|[^\\)])*)\)\s*Tj|<(?<hex>[0-9A-Fa-f\s]*)>\s*Tj/gs;
  return [...content.matchAll(shown)].map(({ groups }) =>
    winAnsi.decode(
      groups?.hex !== undefined
        ? Buffer.from(groups.hex.replace(/\s/g, ''), 'hex')
        : literalBytes(groups?.literal ?? ''),
    ),
  );
}

/** The text of each page, in page order. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  if (hasPdftotext) return pdftotextPages(pdf);
  const document = await PDFDocument.load(pdf);
  return document
    .getPages()
    .map((page) => pageContentStreams(document, page).flatMap(shownStrings).join('\n'));
}
