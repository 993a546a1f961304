/**
 * The checkout error page's message (docs/product.md#checkout-cancel-and-error): the one passed
 * along, or an Italian default.
 */
export const UNKNOWN_CHECKOUT_ERROR = 'Si è verificato un errore sconosciuto.';

/** Long enough for any server message, short enough that a crafted link cannot fill the page. */
const MAX_LENGTH = 300;

export function checkoutErrorMessage(raw: string | string[] | undefined): string {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return UNKNOWN_CHECKOUT_ERROR;
  return value.length > MAX_LENGTH ? `${value.slice(0, MAX_LENGTH)}…` : value;
}
