/**
 * The local test checkout: what its page shows, and its Pay and Cancel buttons. Pay confirms
 * the payment and fulfils the order with the very code Stripe's webhook runs.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.ts';
import {
  cancelOpenCheckoutSession,
  CONSENT_REQUIRED_MESSAGE,
  findCheckoutSession,
  reopenCheckoutSession,
  returnUrl,
  type StoredCheckoutSession,
} from '../checkout/service.ts';
import { fulfilCheckoutSession, type OrdersDependencies } from '../orders/service.ts';
import { scheduleCheckoutReminder } from '../scheduled-messages/service.ts';

export type LocalCheckoutDependencies = OrdersDependencies;

const NO_SUCH_SESSION = 'No such checkout session';

/** What the buyer filled in on the test checkout's page. */
export interface LocalCheckoutForm {
  email: string;
  /** `accepted` when the consent box is ticked (docs/product.md#checkout-consent-and-charges). */
  terms?: string | undefined;
  promotionCode?: string | undefined;
  /** `yes` when the news box is ticked (docs/product.md#keeping-in-touch). */
  news?: string | undefined;
}

/** A form Pay cannot take; the page is shown again, with the session and what was entered. */
export class CheckoutFormError extends InvalidInputError {
  constructor(
    message: string,
    readonly session: StoredCheckoutSession,
    readonly form: LocalCheckoutForm,
  ) {
    super(message);
  }
}

const PROMOTION_CODE_INVALID = 'This promotion code is not valid.';

/** The discount a test promotion code gives on this total, in cents; 0 without a code. */
export function testPromotionDiscount(
  codes: Record<string, number>,
  code: string,
  subtotal: number,
): number | null {
  if (code === '') return 0;
  const percent = codes[code.toUpperCase()];
  return percent === undefined ? null : Math.round((subtotal * percent) / 100);
}

/** The test checkout's membership: active for a month from now; nothing renews it. */
function localMembership(lines: StoredCheckoutSession['lines'], now = new Date()) {
  if (!lines.some((line) => line.type === 'subscription')) return null;
  const periodEnd = new Date(now);
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  return {
    update: {
      subscriptionId: `sub_local_${randomBytes(12).toString('base64url')}`,
      status: 'active' as const,
      customerId: null,
      currentPeriodEnd: periodEnd.toISOString(),
      cancelAtPeriodEnd: false,
    },
    stateAt: Math.floor(now.getTime() / 1000),
  };
}

/** A session of the local test checkout; not found for any other id. */
async function findLocalSession({ db }: LocalCheckoutDependencies, sessionId: string) {
  const session = await findCheckoutSession(db, sessionId);
  if (!session || session.provider !== 'local') throw new NotFoundError(NO_SUCH_SESSION);
  return session;
}

/** The session to show on the page, or, once it is paid, where the buyer goes instead. */
export async function showLocalCheckout(
  deps: LocalCheckoutDependencies,
  sessionId: string,
): Promise<{ session: StoredCheckoutSession } | { paidUrl: string }> {
  const session = await findLocalSession(deps, sessionId);
  if (session.status === 'paid') {
    return { paidUrl: returnUrl(deps.config, session.success_path, session.id) };
  }
  return { session };
}

/**
 * Pay: the form is checked as Stripe Checkout would (an e-mail, the consent box, a known
 * promotion code), the payment confirmed, then fulfilled; returns the success page's address.
 */
export async function payLocalCheckout(
  deps: LocalCheckoutDependencies,
  sessionId: string,
  form: LocalCheckoutForm,
): Promise<string> {
  const session = await findLocalSession(deps, sessionId);
  const refuse = (message: string) => new CheckoutFormError(message, session, form);
  const email = z.email().safeParse(form.email.trim());
  if (!email.success) throw refuse('Please enter a valid e-mail address.');
  const consentRequired = deps.config.CHECKOUT_TERMS_CONSENT;
  if (consentRequired && form.terms !== 'accepted') throw refuse(CONSENT_REQUIRED_MESSAGE);
  const discount = testPromotionDiscount(
    deps.config.TEST_PROMOTION_CODES,
    (form.promotionCode ?? '').trim(),
    session.amount_total,
  );
  if (discount === null) throw refuse(PROMOTION_CODE_INVALID);
  if (session.status === 'cancelled') throw new ConflictError('This checkout was cancelled');
  await fulfilCheckoutSession(deps, {
    sessionId,
    email: email.data,
    customerId: null,
    paymentIntentId: null,
    currency: session.currency,
    amountSubtotal: session.amount_total,
    amountDiscount: discount,
    // The test checkout charges no tax: it charges nothing at all.
    amountTax: 0,
    amountTotal: session.amount_total - discount,
    termsAcceptedAt: consentRequired ? new Date().toISOString() : null,
    lines: session.lines,
    membership: localMembership(session.lines),
    newsletter: form.news === 'yes',
  });
  return returnUrl(deps.config, session.success_path, sessionId);
}

/**
 * Cancel: an open session is cancelled (a paid one stays paid); returns the cancel page. A
 * buyer who gave an e-mail and ticked the news box gets the one reminder of the basket, with a
 * fresh session's link, when the shop sends reminders (docs/product.md#keeping-in-touch): as
 * Stripe Checkout keeps what was typed in before the buyer left.
 */
export async function cancelLocalCheckout(
  deps: LocalCheckoutDependencies,
  sessionId: string,
  form: Partial<LocalCheckoutForm> = {},
): Promise<string> {
  const session = await findLocalSession(deps, sessionId);
  const cancelled = await cancelOpenCheckoutSession(deps.db, sessionId);
  const email = z.email().safeParse((form.email ?? '').trim().toLowerCase());
  const minutes = deps.config.CHECKOUT_RECOVERY_MINUTES;
  if (cancelled && minutes && email.success && form.news === 'yes') {
    const recoveryUrl = await reopenCheckoutSession(deps, deps.config, session);
    await scheduleCheckoutReminder(deps.db, {
      sessionId,
      email: email.data,
      afterMinutes: minutes,
      recoveryUrl,
    });
  }
  return new URL(session.cancel_path, deps.config.STOREFRONT_URL).toString();
}
