/**
 * The licence stamp of a PDF download (docs/product.md#stamped-pdfs): a small footer
 * "Licensed to {buyer e-mail} · Order {order number}" (a member resource's: "· Membership
 * {number}") on every page, and the same line in
 * the document's information (Subject, plus the address and the reference on their own), so a
 * copy passed on names its buyer. Made with pdf-lib from the original file (ADR 0016).
 */
import { domainToASCII } from 'node:url';
import {
  degrees,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  StandardFonts,
  grayscale,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

export interface Licence {
  /** The buyer's e-mail address, exactly as the order holds it. */
  email: string;
  /** The order's public number, which opens nothing (docs/product.md#order-reference). */
  orderReference: string;
  /**
   * What the reference names: an order (an eBook), or the membership a member resource comes
   * with (docs/product.md#member-resources).
   */
  of?: 'order' | 'membership';
}

const FONT_SIZE = 7;
/** Distance of the footer's baseline from the page's lower edge, in points. */
const MARGIN = 14;
/** Stands in for a character the footer's font cannot draw. */
const UNDRAWABLE = '?';

export function licenceLine({ email, orderReference, of = 'order' }: Licence): string {
  return `Licensed to ${email} · ${of === 'membership' ? 'Membership' : 'Order'} ${orderReference}`;
}

/**
 * The line as the page can show it. The standard fonts draw WinAnsi (Latin-1 and a few more)
 * only, so an internationalised address is drawn as follows: a domain with other characters
 * in its IDNA form (xn--…, the same domain in ASCII), any other character the font lacks as
 * "?". The document's information keeps the exact address.
 */
export function drawableLine(licence: Licence, font: PDFFont): string {
  const drawable = new Set(font.getCharacterSet());
  const canDraw = (text: string) =>
    [...text].every((character) => drawable.has(character.codePointAt(0) as number));
  let email = licence.email;
  const at = email.lastIndexOf('@');
  if (at > 0 && !canDraw(email.slice(at + 1))) {
    const asciiDomain = domainToASCII(email.slice(at + 1));
    if (asciiDomain) email = `${email.slice(0, at)}@${asciiDomain}`;
  }
  const line = licenceLine({ ...licence, email });
  return [...line]
    .map((character) => (drawable.has(character.codePointAt(0) as number) ? character : UNDRAWABLE))
    .join('');
}

/**
 * Draws the line centred along the page's visible lower edge: the crop box as the reader sees
 * it, turned by the page's /Rotate, so a landscape or rotated page reads it upright too.
 */
function drawFooter(page: PDFPage, line: string, font: PDFFont): void {
  const box = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const across = rotation === 90 || rotation === 270 ? box.height : box.width;
  // Shrunk, never cut, when a long address would not fit between the margins.
  const size = Math.min(
    FONT_SIZE,
    (FONT_SIZE * (across - 2 * MARGIN)) / font.widthOfTextAtSize(line, FONT_SIZE),
  );
  const width = font.widthOfTextAtSize(line, size);
  const start = (across - width) / 2;
  const position = {
    0: { x: box.x + start, y: box.y + MARGIN },
    90: { x: box.x + box.width - MARGIN, y: box.y + start },
    180: { x: box.x + box.width - start, y: box.y + box.height - MARGIN },
    270: { x: box.x + MARGIN, y: box.y + box.height - start },
  }[rotation];
  page.drawText(line, {
    ...position,
    size,
    font,
    color: grayscale(0.35),
    rotate: degrees(rotation),
  });
}

/** The original PDF with the licence stamped on every page and in its information. */
export async function stampPdf(original: Uint8Array, licence: Licence): Promise<Uint8Array> {
  // updateMetadata: false keeps the original's Producer, Creator and dates; Title and Author
  // are never touched.
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const line = drawableLine(licence, font);
  for (const page of document.getPages()) drawFooter(page, line, font);

  document.setSubject(licenceLine(licence));
  document.setModificationDate(new Date());
  // setSubject made sure the information dictionary exists.
  const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('LicensedTo'), PDFHexString.fromText(licence.email));
  info.set(
    PDFName.of(licence.of === 'membership' ? 'MembershipReference' : 'OrderReference'),
    PDFHexString.fromText(licence.orderReference),
  );
  return document.save();
}
