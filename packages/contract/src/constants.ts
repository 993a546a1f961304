/**
 * Numbers and defaults both sides of the commerce API agree on, free of zod so that the
 * storefront's browser code can import them without the schema library.
 */

/** The most items one page of an admin list holds, and how many it holds unless asked. */
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 25;

/** The longest admin search: an e-mail address, the longest thing searched for. */
export const ADMIN_SEARCH_MAX_LENGTH = 320;

/** The most copies of one product a checkout line may ask for; the cart stops there too. */
export const MAX_LINE_QUANTITY = 10;

/** Where buyers write for help unless the owner sets `SUPPORT_EMAIL` (README, Going live). */
export const SUPPORT_EMAIL_DEFAULT = 'support@abaparentguides.com';

/**
 * How long after payment an order's reference (its checkout session id) opens the order: its
 * download links and the buyer's address (docs/product.md#order-reference). Afterwards the
 * buyer gets fresh links by e-mail or on the account page.
 */
export const ORDER_PAGE_OPEN_MINUTES = 60;

/**
 * The largest request body the commerce service reads (64 KiB). The storefront's proxy refuses
 * a larger one itself, so the client always gets the 413 and never a race with the upload.
 */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
