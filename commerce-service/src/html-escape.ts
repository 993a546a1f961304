/**
 * Text made safe to place in HTML, as element content or a quoted attribute value: the five
 * characters HTML gives a meaning are written as entities. The shop's e-mails (modules/mail),
 * the consent text (modules/checkout) and the test checkout's pages (modules/local-checkout)
 * pass everything a visitor typed or a setting holds through it.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
