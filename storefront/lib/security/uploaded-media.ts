/**
 * What the storefront adds to the CMS's uploaded media, served on its own origin under
 * `/uploads/*` (docs/product.md#uploaded-media). The CMS accepts only raster images and PDFs,
 * but a file may have been uploaded before that rule, or slip past it: whatever is there must
 * not run as the shop. Opened directly, any file is a sandboxed document that may run no
 * script, load nothing and reach no cookie; only the raster images the pages show are shown
 * inline, and everything else is a download.
 */

/** The types the pages show inline. SVG is not one: opened directly it is a document. */
export const INLINE_MEDIA_TYPES: readonly string[] = [
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
];

/**
 * A sandbox with no allowances: an opaque origin, no scripts, no forms, no popups. Images
 * embedded in pages are not affected (a policy applies to documents, not to an `<img>`).
 */
export const UPLOADED_MEDIA_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The media type of a Content-Type value, without parameters, in lower case. */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The CMS's answer with the headers that keep it inert on the shop's origin. */
export function hardenUploadedMedia(answer: Response): Response {
  const headers = new Headers(answer.headers);
  headers.set('content-security-policy', UPLOADED_MEDIA_POLICY);
  headers.set('x-content-type-options', 'nosniff');
  if (!INLINE_MEDIA_TYPES.includes(mediaType(headers.get('content-type')))) {
    headers.set('content-disposition', 'attachment');
  }
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers,
  });
}
