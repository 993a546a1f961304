/** The sample books have an outline, as real ones do, for the library's reader to list. */
import { PDFDocument, PDFDict, PDFName } from 'pdf-lib';
import { readBooks } from '../modules/downloads/assets.ts';
import { renderBookPdf } from './sample-pdf.ts';

it('names each chapter in the outline, pointing at the page it begins on', async () => {
  const book = readBooks()['aba-for-parents'];
  if (!book) throw new Error('no such book');
  const document = await PDFDocument.load(renderBookPdf(book));
  const outlines = document.catalog.lookup(PDFName.of('Outlines'), PDFDict);
  const titles: string[] = [];
  const pages: number[] = [];
  let item = outlines.lookup(PDFName.of('First'), PDFDict) as PDFDict | undefined;
  while (item) {
    titles.push(item.lookup(PDFName.of('Title'))?.toString() ?? '');
    const target = item.lookup(PDFName.of('Dest'))?.toString() ?? '';
    const pageRef = /^\[ ?(\d+) 0 R/.exec(target)?.[1];
    pages.push(
      document.getPages().findIndex((page) => String(page.ref.objectNumber) === pageRef) + 1,
    );
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  expect(titles).toHaveLength(10);
  expect(titles[3]).toBe('(4. Routines and Visual Supports)');
  expect(pages).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});
