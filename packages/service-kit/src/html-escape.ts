/**
 * Text made safe to place in HTML, as element content or a quoted attribute value: the five
 * characters HTML gives a meaning are written as entities. The commerce service's e-mails
 * (modules/mail), consent text (modules/checkout) and test checkout's pages
 * (modules/local-checkout), and the storefront's admin overview (lib/admin/html.ts), pass
 * everything a visitor typed, a setting or another service holds through it.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
