/**
 * What the buyer agrees to before paying (docs/product.md#checkout-consent-and-charges): the
 * terms and the No Refund Policy, and immediate delivery, by which an EU buyer loses the right
 * of withdrawal from a purchase of digital content. Stripe Checkout and the test checkout say
 * the same words.
 */
import { escapeHtml } from '../../html-escape.ts';

export const TERMS_PATH = '/terms-and-conditions';
export const NO_REFUND_PATH = '/no-refund-policy';

const AGREE = 'I agree to the';
const DELIVERY =
  'I ask for my files to be delivered immediately, and I understand that I thereby lose my right of withdrawal.';

/** For Stripe Checkout's custom text, which reads Markdown links. */
export function consentMarkdown(storefrontUrl: string): string {
  const terms = new URL(TERMS_PATH, storefrontUrl).toString();
  const noRefund = new URL(NO_REFUND_PATH, storefrontUrl).toString();
  return `${AGREE} [Terms and Conditions](${terms}) and the [No Refund Policy](${noRefund}). ${DELIVERY}`;
}

/** For the test checkout's checkbox label. */
export function consentHtml(storefrontUrl: string): string {
  const link = (path: string, text: string) =>
    `<a href="${escapeHtml(new URL(path, storefrontUrl).toString())}" target="_blank" rel="noopener">${text}</a>`;
  return `${AGREE} ${link(TERMS_PATH, 'Terms and Conditions')} and the ${link(NO_REFUND_PATH, 'No Refund Policy')}. ${escapeHtml(DELIVERY)}`;
}

export const CONSENT_REQUIRED_MESSAGE =
  'Please accept the terms and immediate delivery to continue.';
