/**
 * Writes a small, valid multi-page PDF for an eBook: a cover, the contents and one page per
 * chapter: the sample edition that development and the tests deliver in place of the real book.
 */

export interface BookOutline {
  title: string;
  subtitle: string;
  chapters: string[];
}

interface TextLine {
  text: string;
  size: number;
  y: number;
  bold?: boolean;
}

/** PDF string literal: Latin-1 text with the three special characters escaped. */
function pdfString(text: string): string {
  const latin1 = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[^\x20-\xFF]/g, '-');
  return `(${latin1.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

function pageContent(lines: TextLine[]): string {
  return lines
    .map(
      ({ text, size, y, bold }) =>
        `BT /${bold ? 'F2' : 'F1'} ${size} Tf 72 ${y} Td ${pdfString(text)} Tj ET`,
    )
    .join('\n');
}

/** Breaks a paragraph into lines of at most `width` characters. */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function pagesOf(book: BookOutline): TextLine[][] {
  const cover: TextLine[] = [
    { text: book.title, size: 32, y: 560, bold: true },
    { text: book.subtitle, size: 18, y: 520 },
    { text: 'ABA Parent Guides - sample edition', size: 12, y: 120 },
  ];
  const contents: TextLine[] = [
    { text: 'Contents', size: 22, y: 720, bold: true },
    ...book.chapters.map((chapter, index) => ({
      text: `${index + 1}. ${chapter}`,
      size: 13,
      y: 680 - index * 24,
    })),
  ];
  const chapters = book.chapters.map((chapter, index) => {
    const body = wrap(
      `This sample edition of ${book.title} shows the structure of the book. In the full edition, chapter ${index + 1} explains "${chapter}" step by step, with examples from family life and a short exercise to try this week.`,
      80,
    );
    return [
      { text: `Chapter ${index + 1}`, size: 14, y: 720 },
      { text: chapter, size: 22, y: 690, bold: true },
      ...body.map((text, line) => ({ text, size: 12, y: 650 - line * 18 })),
    ];
  });
  return [cover, contents, ...chapters];
}

export function renderBookPdf(book: BookOutline): Buffer {
  const pages = pagesOf(book);
  // Objects: 1 catalog, 2 pages, 3 and 4 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] =
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index] as number;
    const content = pageContent(lines);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  // The outline (bookmarks): each chapter and the page it begins on, as a real book has, for
  // the library's reader to list (docs/product.md#library).
  const outlineId = objects.length;
  const itemIds = book.chapters.map((_, index) => outlineId + 1 + index);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /Outlines ${outlineId} 0 R >>`;
  objects[outlineId] =
    `<< /Type /Outlines /First ${itemIds[0]} 0 R /Last ${itemIds.at(-1)} 0 R /Count ${itemIds.length} >>`;
  book.chapters.forEach((chapter, index) => {
    const id = itemIds[index] as number;
    // The chapters follow the cover and the contents.
    const page = pageIds[index + 2] as number;
    const links = [
      index > 0 ? `/Prev ${id - 1} 0 R` : '',
      index < itemIds.length - 1 ? `/Next ${id + 1} 0 R` : '',
    ].join(' ');
    objects[id] =
      `<< /Title ${pdfString(`${index + 1}. ${chapter}`)} /Parent ${outlineId} 0 R ${links} /Dest [${page} 0 R /Fit] >>`;
  });

  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) {
    pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
