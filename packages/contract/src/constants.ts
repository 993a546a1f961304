/**
 * Numbers and defaults both sides of the commerce API agree on, free of zod so that the
 * storefront's browser code can import them without the schema library.
 */

/** The most items one page of an admin list holds, and how many it holds unless asked. */
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 25;

/** The longest admin search: an e-mail address, the longest thing searched for. */
export const ADMIN_SEARCH_MAX_LENGTH = 320;

/**
 * Days from the contract's conclusion in which a membership can be withdrawn from
 * (docs/product.md#withdrawal); the membership page says it too.
 */
export const WITHDRAWAL_PERIOD_DAYS = 14;

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

// The buyer's data (docs/product.md#your-data): how long the shop keeps each kind. These are
// the only place the periods are set: the retention sweep deletes by them, the account page
// and the seeded privacy policy say them.

/** Contact messages are deleted a year after they were sent. */
export const CONTACT_MESSAGE_RETENTION_DAYS = 365;
/** A file's download history (how often, when last) is cleared a year after its last download. */
export const DOWNLOAD_HISTORY_RETENTION_DAYS = 365;
/** Records of sign-in code requests (address, client address) are deleted after 30 days. */
export const SIGN_IN_RECORD_RETENTION_DAYS = 30;
/** E-mail the shop has sent is deleted from its outbox 90 days after sending. */
export const SENT_MAIL_RETENTION_DAYS = 90;
/**
 * What accounting law requires of an erased buyer's orders (amounts, dates, order and payment
 * references) is kept for ten years from the order, then deleted.
 */
export const ACCOUNTING_RETENTION_YEARS = 10;
/** How often the service's retention sweep runs. */
export const RETENTION_SWEEP_INTERVAL_HOURS = 24;

/**
 * The version of the cookie banner's text, both languages (docs/product.md#cookie-consent).
 * Raise it whenever the text, or what the advertising cookie is used for, changes: every
 * visitor is then asked again, and their consent records say which text they answered.
 */
export const CONSENT_TEXT_VERSION = '2026-11-27';

/**
 * What the newsletter's sign-up asks the visitor to agree to, by version
 * (docs/product.md#keeping-in-touch); the record keeps the version and the text, so what was
 * agreed to can be shown later even after the words change.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11';
export const NEWSLETTER_CONSENT_TEXT = {
  en: 'Send me the ABA Parent Guides newsletter: practical tips and new resources, about twice a month. I can unsubscribe with one click in any e-mail.',
  it: 'Inviatemi la newsletter di ABA Parent Guides: consigli pratici e nuove risorse, circa due volte al mese. Posso disiscrivermi con un clic da ogni e-mail.',
} as const;

/** How long a verified buyer's review may be, in characters. */
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 1500;
