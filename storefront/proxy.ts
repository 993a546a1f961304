import { NextResponse, type NextRequest } from 'next/server';
import { commerceApiTarget } from './lib/commerce/api-proxy';
import { storefrontConfig } from './lib/config';
import { buildSecurityOptions, contentSecurityPolicy } from './lib/security/security-headers';

/** Next's draft-mode cookie, set by /api/preview when the CMS admin opens a draft. */
const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * Serves other services on the storefront's origin, read at run time so ports can change:
 * the commerce service's `/api/*` routes, and the CMS's uploaded media under `/uploads/*`.
 * A blog post in draft mode may be framed by the CMS admin (its preview panel); every other
 * page keeps `frame-ancestors 'none'` from next.config.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = storefrontConfig();
  if (pathname.startsWith('/blog/')) {
    if (!request.cookies.has(DRAFT_MODE_COOKIE)) return NextResponse.next();
    const policy = contentSecurityPolicy({
      ...buildSecurityOptions(),
      frameAncestors: [new URL(config.CMS_PUBLIC_URL ?? config.CMS_URL).origin],
    });
    return NextResponse.next({ headers: { 'content-security-policy': policy } });
  }
  if (pathname.startsWith('/uploads/')) {
    return NextResponse.rewrite(new URL(`${pathname}${search}`, config.CMS_URL));
  }
  const target = commerceApiTarget(pathname, search, config.COMMERCE_URL);
  return target ? NextResponse.rewrite(target) : NextResponse.next();
}

export const config = {
  matcher: [
    '/api/:path*',
    '/uploads/:path*',
    // Published pages stay off this path: only a marketer's draft preview comes through.
    // (A literal: Next reads this config without running the module.)
    { source: '/blog/:slug', has: [{ type: 'cookie', key: '__prerender_bypass' }] },
  ],
};
