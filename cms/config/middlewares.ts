import { cmsEnv } from '../src/env';

export default () => [
  // Strapi's request line, with the caller's trace (src/middlewares/request-log.ts).
  'global::request-log',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The admin's preview panel frames the storefront's draft page.
          'frame-src': ["'self'", new URL(cmsEnv().STOREFRONT_URL).origin],
        },
      },
    },
  },
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  // Uploaded files answer as inert downloads or sandboxed images (docs/product.md#uploaded-media).
  'global::uploaded-media',
  'strapi::public',
];
