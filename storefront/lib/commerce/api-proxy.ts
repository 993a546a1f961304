/**
 * Which `/api/*` requests the storefront answers itself, and where the rest go. The
 * browser sees one origin; everything not listed here belongs to the commerce service.
 */
export const STOREFRONT_API_ROUTES = [
  '/api/blogposts',
  '/api/chat',
  '/api/revalidate',
  '/api/preview',
];

export function isStorefrontApiRoute(pathname: string): boolean {
  return STOREFRONT_API_ROUTES.some(
    (route) => pathname === route || pathname.startsWith(`${route}/`),
  );
}

/** The commerce-service URL for a storefront `/api/*` path, or null when the storefront owns it. */
export function commerceApiTarget(
  pathname: string,
  search: string,
  commerceUrl: string,
): URL | null {
  if (!pathname.startsWith('/api/') || isStorefrontApiRoute(pathname)) return null;
  return new URL(`${pathname}${search}`, commerceUrl);
}
