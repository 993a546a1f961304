/**
 * The secrets each service reads from its environment: random values a live shop sets
 * (README, Going live) and `npm start` generates for a local run.
 */
export const COMMERCE_SECRETS = ['DOWNLOAD_SIGNING_SECRET', 'BETTER_AUTH_SECRET'] as const;

/** Strapi's own. */
export const CMS_SECRETS = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
] as const;

/** The CMS's publish webhook and draft preview, shared with the storefront. */
export const SHARED_SECRETS = ['REVALIDATE_SECRET', 'PREVIEW_SECRET'] as const;

/**
 * The member resources' secret, shared by the CMS and the commerce service: the commerce
 * service reads the published resources and their files with it, and the CMS's publish signal
 * carries it (docs/product.md#member-resources).
 */
export const MEMBER_CONTENT_SECRETS = ['MEMBER_CONTENT_SECRET'] as const;
