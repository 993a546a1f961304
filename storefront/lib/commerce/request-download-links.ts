/**
 * 'E-mail me my links' (ARCHITECTURE: a thank-you page opened without a purchase never shows
 * files): asks the commerce service to mail fresh signed links to the purchase address. The
 * answer is the same whether or not the address bought anything, so it reveals nothing.
 */

export class DownloadLinksRequestError extends Error {
  override name = 'DownloadLinksRequestError';
}

const FALLBACK = 'We could not send your links right now. Please try again in a few minutes.';

export async function requestDownloadLinks(email: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/downloads/resend', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new DownloadLinksRequestError('Network error, please try again later');
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : null;
  if (!response.ok) {
    if (response.status === 429)
      throw new DownloadLinksRequestError(
        'Too many requests for links. Please wait a few minutes and try again.',
      );
    throw new DownloadLinksRequestError(
      response.status === 400 ? 'Please enter a valid e-mail address.' : FALLBACK,
    );
  }
  return (
    message ?? 'If this address has purchases, an e-mail with fresh download links is on its way.'
  );
}
