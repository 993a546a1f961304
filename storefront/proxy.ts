import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { REQUEST_BODY_MAX_BYTES } from '@aba-shop/contract/constants';
import { commerceApiTarget } from './lib/commerce/api-proxy';
import { storefrontConfig } from './lib/config';
import { forwardRequest } from './lib/forward-request';
import { buildSecurityOptions, contentSecurityPolicy } from './lib/security/security-headers';
import { hardenUploadedMedia } from './lib/security/uploaded-media';

/** Seconds a browser or client is asked to wait after a 503. */
const RETRY_AFTER_SECONDS = '5';
const SHOP_UNAVAILABLE_MESSAGE =
  'The shop is temporarily unavailable. Please try again in a moment.';

const unavailableHeaders = { 'retry-after': RETRY_AFTER_SECONDS, 'cache-control': 'no-store' };

/** Both fields, as the shop's own answers have one or the other depending on the route. */
const shopUnavailable = () =>
  Response.json(
    { message: SHOP_UNAVAILABLE_MESSAGE, error: SHOP_UNAVAILABLE_MESSAGE },
    { status: 503, headers: unavailableHeaders },
  );

const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

/** What the commerce service answers a body over its limit, in both fields as above. */
const bodyTooLarge = () =>
  Response.json(
    { message: BODY_TOO_LARGE_MESSAGE, error: BODY_TOO_LARGE_MESSAGE },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );

const mediaUnavailable = () => new Response(null, { status: 503, headers: unavailableHeaders });

/** A nonce for one answer: 128 random bits, base64. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** Blog posts' security policy, which lets the CMS admin frame them. */
let blogPostPolicy: string | undefined;

/**
 * Serves other services on the storefront's origin, read at run time so ports can change:
 * the commerce service's `/api/*` routes, and the CMS's uploaded media under `/uploads/*`.
 * A service that is down gives a 503, never a 500 or a blank answer.
 * A blog post may be framed by the CMS admin, whose preview panel shows its draft and its
 * published version; every other page keeps `frame-ancestors 'none'` from next.config.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = storefrontConfig();
  if (pathname.startsWith('/blog/')) {
    // Built once: the configuration it comes from is read once too (storefrontConfig).
    blogPostPolicy ??= contentSecurityPolicy({
      ...buildSecurityOptions(),
      frameAncestors: [new URL(config.CMS_PUBLIC_URL ?? config.CMS_URL).origin],
    });
    return NextResponse.next({ headers: { 'content-security-policy': blogPostPolicy } });
  }
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    // The console is rendered per request (app/admin/layout.tsx): Next gives its scripts the
    // nonce it reads from the request's policy, and the browser runs no other (ADR 0025).
    const policy = contentSecurityPolicy({ ...buildSecurityOptions(), nonce: newNonce() });
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', policy);
    return NextResponse.next({
      request: { headers },
      headers: { 'content-security-policy': policy },
    });
  }
  if (pathname.startsWith('/uploads/')) {
    // Whatever an editor uploaded must not run as the shop (docs/product.md#uploaded-media).
    return hardenUploadedMedia(
      await forwardRequest(
        request,
        new URL(`${pathname}${search}`, config.CMS_URL),
        mediaUnavailable,
      ),
    );
  }
  const target = commerceApiTarget(pathname, search, config.COMMERCE_URL);
  return target
    ? forwardRequest(request, target, shopUnavailable, {
        bodyLimit: { bytes: REQUEST_BODY_MAX_BYTES, tooLarge: bodyTooLarge },
      })
    : NextResponse.next();
}

export const config = {
  matcher: [
    '/api/:path*',
    '/uploads/:path*',
    // Blog posts, for their frame rule: this adds a header to the cached page.
    '/blog/:slug',
    // The admin console, for its nonce.
    '/admin',
    '/admin/:path*',
  ],
};
