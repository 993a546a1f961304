import { NextResponse, type NextRequest } from 'next/server';
import { commerceApiTarget } from './lib/commerce/api-proxy';
import { storefrontConfig } from './lib/config';

/** Forwards the commerce service's `/api/*` routes, read at run time so ports can change. */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const target = commerceApiTarget(pathname, search, storefrontConfig().COMMERCE_URL);
  return target ? NextResponse.rewrite(target) : NextResponse.next();
}

export const config = { matcher: '/api/:path*' };
