import { NextResponse, type NextRequest } from 'next/server';
import { commerceApiTarget } from './lib/commerce/api-proxy';
import { storefrontConfig } from './lib/config';

/**
 * Serves other services on the storefront's origin, read at run time so ports can change:
 * the commerce service's `/api/*` routes, and the CMS's uploaded media under `/uploads/*`.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = storefrontConfig();
  if (pathname.startsWith('/uploads/')) {
    return NextResponse.rewrite(new URL(`${pathname}${search}`, config.CMS_URL));
  }
  const target = commerceApiTarget(pathname, search, config.COMMERCE_URL);
  return target ? NextResponse.rewrite(target) : NextResponse.next();
}

export const config = { matcher: ['/api/:path*', '/uploads/:path*'] };
