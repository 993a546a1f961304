import { degrees, PDFDict, PDFDocument, PDFName, PDFString, PDFHexString } from 'pdf-lib';
import { StandardFonts } from 'pdf-lib';
import { renderBookPdf } from '../../dev/sample-pdf.ts';
import { readBooks } from './assets.ts';
import { pageContentStreams, pageTexts } from '@aba-shop/test-kit/pdf-text';
import { drawableLine, licenceLine, stampPdf } from './stamp.ts';

const licence = { email: 'parent@example.com', orderReference: 'cs_test_a1B2c3' };
const LINE = 'Licensed to parent@example.com · Order cs_test_a1B2c3';

/** A book with its own information and pages of every orientation, as real books come. */
async function variedBook(): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle('ABA for Parents');
  document.setAuthor('ABA Parent Guides');
  document.setKeywords(['ABA', 'parents']);
  const font = await document.embedFont(StandardFonts.TimesRoman);
  const pages: [number, [number, number, number, number] | null][] = [
    [0, null],
    [90, null],
    [180, [40, 60, 400, 600]],
    [270, null],
    [0, [30, 50, 500, 700]],
  ];
  pages.forEach(([rotation, crop], index) => {
    const page = document.addPage([595, 842]);
    page.drawText(`Page ${index + 1} of the book`, { x: 72, y: 700, size: 14, font });
    page.setRotation(degrees(rotation));
    if (crop) page.setCropBox(...crop);
  });
  return document.save();
}

async function helvetica() {
  return (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
}

function info(document: PDFDocument, key: string): string | undefined {
  const dict = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFString || value instanceof PDFHexString
    ? value.decodeText()
    : undefined;
}

/**
 * Where the stamp stands as the reader sees the page: its start on the page turned by /Rotate
 * (from the lower-left corner of the visible crop box), its direction there, and its size.
 */
function footerAsSeen(document: PDFDocument, pageIndex: number) {
  const page = document.getPage(pageIndex);
  const stamp = pageContentStreams(document, page).at(-1) as string;
  const matrix = /(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) Tm/.exec(stamp)?.slice(1).map(Number);
  const size = Number(/\/\S+ (\S+) Tf/.exec(stamp)?.[1]);
  const [a, b, , , x, y] = matrix as [number, number, number, number, number, number];
  const { x: left, y: bottom, width, height } = page.getCropBox();
  const rotation = page.getRotation().angle;
  // Turning the page clockwise by /Rotate: where a point and a direction end up.
  const seen = {
    0: { at: [x - left, y - bottom], towards: [a, b], across: width },
    90: { at: [y - bottom, left + width - x], towards: [b, -a], across: height },
    180: { at: [left + width - x, bottom + height - y], towards: [-a, -b], across: width },
    270: { at: [bottom + height - y, x - left], towards: [-b, a], across: height },
  }[rotation as 0 | 90 | 180 | 270];
  return { ...seen, size, text: stamp };
}

describe('stampPdf', () => {
  it('stamps every page of the sample book with the buyer and the order reference', async () => {
    const book = Object.values(readBooks())[0] as Parameters<typeof renderBookPdf>[0];
    const original = renderBookPdf(book);
    const stamped = await stampPdf(original, licence);

    const originalPages = await pageTexts(original);
    const pages = await pageTexts(stamped);
    expect(pages.length).toBeGreaterThanOrEqual(12);
    expect(pages).toHaveLength(originalPages.length);
    pages.forEach((text, index) => {
      expect(text).toContain(LINE);
      // The page's own words are still there.
      const firstLine = originalPages[index]?.trim().split('\n')[0] as string;
      expect(text).toContain(firstLine);
    });
  });

  it('keeps the title and author, and puts the licence in the information', async () => {
    const stamped = await PDFDocument.load(await stampPdf(await variedBook(), licence), {
      updateMetadata: false,
    });
    expect(stamped.getTitle()).toBe('ABA for Parents');
    expect(stamped.getAuthor()).toBe('ABA Parent Guides');
    expect(stamped.getKeywords()).toBe('ABA parents');
    expect(stamped.getSubject()).toBe(LINE);
    expect(info(stamped, 'LicensedTo')).toBe(licence.email);
    expect(info(stamped, 'OrderReference')).toBe(licence.orderReference);
  });

  it('sets the footer upright, centred and 14 points above the lower edge the reader sees', async () => {
    const stamped = await PDFDocument.load(await stampPdf(await variedBook(), licence));
    const font = await helvetica();
    expect(stamped.getPageCount()).toBe(5);
    for (let index = 0; index < 5; index += 1) {
      const { at, towards, across, size } = footerAsSeen(stamped, index);
      expect(size).toBe(7);
      expect(towards[0]).toBeCloseTo(1);
      expect(towards[1]).toBeCloseTo(0);
      expect(at[1]).toBeCloseTo(14);
      expect((at[0] as number) + font.widthOfTextAtSize(LINE, size) / 2).toBeCloseTo(across / 2);
    }
    expect((await pageTexts(await stamped.save())).every((page) => page.includes(LINE))).toBe(true);
  });

  it('shrinks the footer of a very long address to fit the page', async () => {
    const long = { ...licence, email: `${'a'.repeat(200)}@example.com` };
    const stamped = await PDFDocument.load(await stampPdf(await variedBook(), long));
    const font = await helvetica();
    const { at, size, across } = footerAsSeen(stamped, 0);
    expect(size).toBeLessThan(7);
    expect(at[0]).toBeGreaterThanOrEqual(14 - 0.01);
    expect(font.widthOfTextAtSize(licenceLine(long), size)).toBeLessThanOrEqual(across - 28 + 0.01);
    expect((await pageTexts(await stamped.save()))[0]).toContain(long.email);
  });
});

describe('an address the standard font cannot draw', () => {
  it.each([
    ['zoë.o’brien@exämple.de', 'zoë.o’brien@exämple.de'],
    ['用户@例子.广告', '??@xn--fsqu00a.xn--4rr70v'],
    ['иван@почта.рф', '????@xn--80a1acny.xn--p1ai'],
    ['emoji😀@example.com', 'emoji?@example.com'],
  ])('%s is drawn as %s', async (email, drawn) => {
    expect(drawableLine({ ...licence, email }, await helvetica())).toBe(
      `Licensed to ${drawn} · Order ${licence.orderReference}`,
    );
  });

  it('never fails the stamp, and the information keeps the exact address', async () => {
    const email = 'мария@пример.рф';
    const stamped = await stampPdf(await variedBook(), { ...licence, email });
    const document = await PDFDocument.load(stamped);
    expect(document.getSubject()).toBe(`Licensed to ${email} · Order ${licence.orderReference}`);
    expect(info(document, 'LicensedTo')).toBe(email);
    for (const text of await pageTexts(stamped)) {
      expect(text).toContain(
        `Licensed to ?????@xn--e1afmkfd.xn--p1ai · Order ${licence.orderReference}`,
      );
    }
  });
});
