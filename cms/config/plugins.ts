import { cmsEnv } from '../src/env';

/**
 * What editors may upload (docs/product.md#uploaded-media): the raster images the pages show,
 * PDFs, and the member resources' recordings (MP3, M4A, under the names browsers and sniffing
 * give them). Strapi checks the declared type, the extension's type and the sniffed content
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
    'audio/mpeg',
    'audio/mp3',
    'audio/mp4',
    'audio/x-m4a',
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

/** 200 MB, Strapi's default: an hour's recorded Q&A for the members, with room to spare. */
const UPLOAD_SIZE_LIMIT_BYTES = 200 * 1024 * 1024;

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
