import { NextResponse, type NextRequest } from 'next/server';
import { commerceApiTarget } from './lib/commerce/api-proxy';
import { storefrontConfig } from './lib/config';
import { buildSecurityOptions, contentSecurityPolicy } from './lib/security/security-headers';

/**
 * Serves other services on the storefront's origin, read at run time so ports can change:
 * the commerce service's `/api/*` routes, and the CMS's uploaded media under `/uploads/*`.
 * A blog post may be framed by the CMS admin, whose preview panel shows its draft and its
 * published version; every other page keeps `frame-ancestors 'none'` from next.config.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = storefrontConfig();
  if (pathname.startsWith('/blog/')) {
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
    // Blog posts are rendered per request anyway (draft mode), so this costs them nothing.
    '/blog/:slug',
  ],
};
