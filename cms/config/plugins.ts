import { cmsEnv } from '../src/env';

/**
 * What editors may upload (docs/product.md#uploaded-media): the raster images the pages show,
 * and PDFs. Strapi checks the declared type, the extension's type and the sniffed content
 * against these lists. SVG is left out (it can carry script), and the denied list names the
 * types that run in a browser, so that no later widening of the allowed list lets them in.
 */
const UPLOAD_SECURITY = {
  allowedTypes: [
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'image/avif',
    'application/pdf',
  ],
  deniedTypes: [
    'text/html',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/javascript',
    'application/javascript',
    'application/x-javascript',
    'application/ecmascript',
    'text/xml',
    'application/xml',
    'text/xsl',
    'application/wasm',
    'application/x-shockwave-flash',
  ],
};

/** Ten megabytes: a photo from a phone, a brochure; the CMS's default is two hundred. */
const UPLOAD_SIZE_LIMIT_BYTES = 10 * 1024 * 1024;

export default () => ({
  'users-permissions': {
    config: { jwtSecret: cmsEnv().JWT_SECRET },
  },
  upload: {
    config: {
      sizeLimit: UPLOAD_SIZE_LIMIT_BYTES,
      security: UPLOAD_SECURITY,
    },
  },
});
