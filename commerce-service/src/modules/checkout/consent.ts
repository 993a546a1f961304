/**
 * What the buyer agrees to before paying (docs/product.md#checkout-consent-and-charges): the
 * terms and the No Refund Policy, and for eBooks immediate delivery, by which an EU buyer loses
 * the right of withdrawal from a purchase of digital content; a membership keeps its 14 days.
 * Stripe Checkout and the test checkout say the same words.
 */
import { WITHDRAWAL_PERIOD_DAYS } from '@aba-shop/contract/constants';
import { escapeHtml } from '@aba-shop/service-kit/html-escape';

export const TERMS_PATH = '/terms-and-conditions';
export const NO_REFUND_PATH = '/no-refund-policy';

const AGREE = 'I agree to the';

/** What the basket holds, which decides what the buyer gives up or keeps. */
export interface ConsentBasket {
  /** eBooks, delivered at once. */
  files: boolean;
  /** The membership, which keeps its 14 days to withdraw. */
  membership: boolean;
}

/**
 * The words after the terms: the eBooks' immediate delivery waives their withdrawal; the
 * membership keeps its own (docs/product.md#withdrawal).
 */
export function deliveryWords({ files, membership }: ConsentBasket): string {
  const keeps = `I may withdraw from the membership within ${WITHDRAWAL_PERIOD_DAYS} days of today, and be refunded in full.`;
  if (files && membership) {
    return `I ask for my eBooks to be delivered immediately, and I understand that I thereby lose my right of withdrawal from their purchase. ${keeps}`;
  }
  if (files) {
    return 'I ask for my files to be delivered immediately, and I understand that I thereby lose my right of withdrawal.';
  }
  return membership ? `My membership starts today. ${keeps}` : '';
}

/** What a basket's lines hold, for its consent. */
export const consentBasketOf = (lines: readonly { type: string }[]): ConsentBasket => ({
  files: lines.some((line) => line.type === 'digital'),
  membership: lines.some((line) => line.type === 'subscription'),
});

/** For Stripe Checkout's custom text, which reads Markdown links. */
export function consentMarkdown(storefrontUrl: string, basket: ConsentBasket): string {
  const terms = new URL(TERMS_PATH, storefrontUrl).toString();
  const noRefund = new URL(NO_REFUND_PATH, storefrontUrl).toString();
  return `${AGREE} [Terms and Conditions](${terms}) and the [No Refund Policy](${noRefund}). ${deliveryWords(basket)}`.trim();
}

/** As plain words, the way a dispute's evidence quotes what the buyer ticked. */
export function consentText(basket: ConsentBasket): string {
  return `${AGREE} Terms and Conditions and the No Refund Policy. ${deliveryWords(basket)}`.trim();
}

/** For the test checkout's checkbox label. */
export function consentHtml(storefrontUrl: string, basket: ConsentBasket): string {
  const link = (path: string, text: string) =>
    `<a href="${escapeHtml(new URL(path, storefrontUrl).toString())}" target="_blank" rel="noopener">${text}</a>`;
  return `${AGREE} ${link(TERMS_PATH, 'Terms and Conditions')} and the ${link(NO_REFUND_PATH, 'No Refund Policy')}. ${escapeHtml(deliveryWords(basket))}`.trim();
}

export const CONSENT_REQUIRED_MESSAGE =
  'Please accept the terms and immediate delivery to continue.';
