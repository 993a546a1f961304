/**
 * What the ad pixel may know of a page's address (docs/product.md#the-ad-pixel): whether the
 * page is private (its address or its purpose is the visitor's own: a
 * checkout, a sign-in return, the account, the admin area, anything carrying a code, token or
 * session id), and the address with its secrets taken out.
 */

import { isUnderPath } from '@aba-shop/contract/page-language';

/** Paths whose pages are nobody's business but the visitor's: no PageView is sent there. */
const PRIVATE_PATHS = [
  '/checkout',
  '/auth',
  '/account',
  '/admin',
  '/login',
  '/withdraw',
  '/library',
];

/** Query parameters that carry a secret or a personal detail (compared in lower case). */
const SECRET_PARAMETERS = new Set([
  'sessionid',
  'session_id',
  'code',
  'token',
  'state',
  'otp',
  'email',
  'orderreference',
]);

/** True when the pixel must not be told about this page as it is. */
export function isPrivateAddress(address: URL): boolean {
  if (PRIVATE_PATHS.some((path) => isUnderPath(address.pathname, path))) return true;
  if (address.hash.length > 1) return true;
  return [...address.searchParams.keys()].some((name) => SECRET_PARAMETERS.has(name.toLowerCase()));
}

/** The address as the pixel may see it: a private page loses its query and fragment. */
export function addressForPixel(address: URL): string {
  return isPrivateAddress(address) ? `${address.origin}${address.pathname}` : address.href;
}

/** A referrer as the pixel may see it: its origin only, since any page before may be private. */
export function referrerForPixel(referrer: string): string {
  if (!URL.canParse(referrer)) return '';
  return `${new URL(referrer).origin}/`;
}
