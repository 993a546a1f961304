/** The benches' book: what the shop's eBooks are like, at 60 pages. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const BOOK_PAGES = 60;

/**
 * A 60-page book laid out as the shop's are: a title page, then pages of body text in a serif
 * font under a running head, with page numbers. Deterministic, so every run stamps the same.
 */
export async function sixtyPageBook() {
  const document = await PDFDocument.create();
  document.setTitle('ABA for Parents');
  document.setAuthor('ABA Parent Guides');
  const serif = await document.embedFont(StandardFonts.TimesRoman);
  const bold = await document.embedFont(StandardFonts.TimesRomanBold);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const words =
    'parents child routine reward behaviour practice patience skill step family home week small goal praise calm prompt model try again notice progress together'.split(
      ' ',
    );
  const sentence = () =>
    Array.from(
      { length: 8 + Math.floor(random() * 10) },
      () => words[Math.floor(random() * words.length)],
    )
      .join(' ')
      .replace(/^./, (first) => first.toUpperCase()) + '.';

  const title = document.addPage([432, 648]);
  title.drawText('ABA for Parents', { x: 48, y: 520, size: 34, font: bold });
  for (let number = 2; number <= BOOK_PAGES; number += 1) {
    const page = document.addPage([432, 648]);
    page.drawText('ABA for Parents', { x: 48, y: 610, size: 8, font: serif });
    let text = '';
    for (let y = 580; y > 60; y -= 14) {
      while (text.length < 80) text += `${text ? ' ' : ''}${sentence()}`;
      const cut = text.lastIndexOf(' ', 80);
      page.drawText(text.slice(0, cut), { x: 48, y, size: 10.5, font: serif });
      text = text.slice(cut + 1);
    }
    page.drawText(String(number), { x: 212, y: 34, size: 9, font: serif });
  }
  return document.save();
}
