/**
 * 'E-mail me my links' (docs/product.md#thank-you-pages: a thank-you page opened without a
 * purchase never shows files): asks the commerce service to mail fresh signed links to the
 * purchase address. The answer is the same whether or not the address bought anything, so it
 * reveals nothing.
 * Resolves to the text to show; rejects with the text of the failure.
 */
import { resendDownloadLinks } from '@/lib/commerce/api/purchase';
import { CommerceError } from '@/lib/commerce/client';
import { NETWORK_ERROR_MESSAGE } from './purchase-failure';

const SENT = 'If this address has purchases, an e-mail with fresh download links is on its way.';
const FALLBACK = 'We could not send your links right now. Please try again in a few minutes.';

function failureText(error: unknown): string {
  if (!(error instanceof CommerceError) || error.kind === 'no-answer') return NETWORK_ERROR_MESSAGE;
  if (error.status === 429)
    return 'Too many requests for links. Please wait a few minutes and try again.';
  return error.status === 400 ? 'Please enter a valid e-mail address.' : FALLBACK;
}

export async function requestDownloadLinks(email: string): Promise<string> {
  try {
    return (await resendDownloadLinks(email)).trim() || SENT;
  } catch (error) {
    throw new Error(failureText(error), { cause: error });
  }
}
