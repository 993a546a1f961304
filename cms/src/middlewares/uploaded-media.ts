/**
 * The CMS's own `/uploads/*` answers as the storefront serves them (docs/product.md#uploaded-media):
 * the CMS admin's origin is where editors are signed in, so a file uploaded before the upload
 * rules, or passing as an image, must not run there either. Every answer is a sandboxed
 * document that runs no script, `nosniff`, and a download unless it is a raster image.
 */
import type { Core } from '@strapi/strapi';

const INLINE_MEDIA_TYPES = ['image/avif', 'image/gif', 'image/jpeg', 'image/png', 'image/webp'];

const UPLOADED_MEDIA_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export default (): Core.MiddlewareHandler => async (ctx, next) => {
  await next();
  if (!ctx.path.startsWith('/uploads/')) return;
  ctx.set('content-security-policy', UPLOADED_MEDIA_POLICY);
  ctx.set('x-content-type-options', 'nosniff');
  if (!INLINE_MEDIA_TYPES.includes((ctx.response.type ?? '').toLowerCase())) {
    ctx.set('content-disposition', 'attachment');
  }
};
