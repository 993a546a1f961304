/**
 * The CMS's own `/uploads/*` answers as the storefront serves them (docs/product.md#uploaded-media):
 * the CMS admin's origin is where editors are signed in, so a file uploaded before the upload
 * rules, or passing as an image, must not run there either. Every answer is a sandboxed
 * document that runs no script, `nosniff`, and a download unless it is a raster image. A member
 * resource's file answers only to the commerce service (docs/product.md#member-resources).
 */
import type { Core } from '@strapi/strapi';
import { isMemberFile, servedPath } from '../api/member-resource/member-files';
import { fromCommerceService } from '../commerce-secret';

const INLINE_MEDIA_TYPES = ['image/avif', 'image/gif', 'image/jpeg', 'image/png', 'image/webp'];

const UPLOADED_MEDIA_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export default (): Core.MiddlewareHandler => async (ctx, next) => {
  // As the file server will read it: `//uploads/…` and `/%75ploads/…` reach the same files.
  if (!servedPath(ctx.path)?.startsWith('/uploads/')) return next();
  if (isMemberFile(ctx.path) && !fromCommerceService(ctx)) {
    // Not 403: nobody learns whether such a file exists.
    ctx.status = 404;
    ctx.body = 'Not Found';
  } else {
    await next();
  }
  ctx.set('content-security-policy', UPLOADED_MEDIA_POLICY);
  ctx.set('x-content-type-options', 'nosniff');
  if (!INLINE_MEDIA_TYPES.includes((ctx.response.type ?? '').toLowerCase())) {
    ctx.set('content-disposition', 'attachment');
  }
};
