/**
 * Where to go after signing in: a path on this site only (never another site, so a crafted
 * link cannot turn the login page into an open redirect), else the home page.
 */
export function safeRedirectPath(candidate: string | null | undefined): string {
  if (!candidate) return '/';
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return '/';
  if (candidate.includes('\\') || [...candidate].some((character) => character.charCodeAt(0) < 32))
    return '/';
  if (candidate.startsWith('/login') || candidate.startsWith('/auth/callback')) return '/';
  return candidate;
}

/** The path of a same-origin referrer (the page the visitor came from), or null. */
export function referrerPath(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
