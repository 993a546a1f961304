/**
 * The local test checkout: what its page shows, and its Pay and Cancel buttons. Pay confirms
 * the payment and fulfils the order with the very code Stripe's webhook runs.
 */
import { z } from 'zod';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.ts';
import {
  cancelOpenCheckoutSession,
  findCheckoutSession,
  type StoredCheckoutSession,
} from '../checkout/repository.ts';
import { returnUrl } from '../checkout/service.ts';
import { fulfilCheckoutSession } from '../orders/fulfilment.ts';
import type { OrdersDependencies } from '../orders/service.ts';

export type LocalCheckoutDependencies = OrdersDependencies;

const NO_SUCH_SESSION = 'No such checkout session';

/** An e-mail address Pay cannot use; the page is shown again, with the session it shows. */
export class InvalidEmailError extends InvalidInputError {
  constructor(readonly session: StoredCheckoutSession) {
    super('Please enter a valid e-mail address.');
  }
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

/** Pay: the payment is confirmed, then fulfilled; returns the success page's address. */
export async function payLocalCheckout(
  deps: LocalCheckoutDependencies,
  sessionId: string,
  enteredEmail: string,
): Promise<string> {
  const email = z.email().safeParse(enteredEmail.trim());
  if (!email.success) {
    const session = await findCheckoutSession(deps.db, sessionId);
    if (!session) throw new NotFoundError(NO_SUCH_SESSION);
    throw new InvalidEmailError(session);
  }
  const session = await findLocalSession(deps, sessionId);
  if (session.status === 'cancelled') throw new ConflictError('This checkout was cancelled');
  await fulfilCheckoutSession(deps, {
    sessionId,
    email: email.data,
    customerId: null,
    paymentIntentId: null,
    currency: session.currency,
    amountTotal: session.amount_total,
    lines: session.lines,
  });
  return returnUrl(deps.config, session.success_path, sessionId);
}

/** Cancel: an open session is cancelled (a paid one stays paid); returns the cancel page. */
export async function cancelLocalCheckout(
  deps: LocalCheckoutDependencies,
  sessionId: string,
): Promise<string> {
  const session = await findLocalSession(deps, sessionId);
  await cancelOpenCheckoutSession(deps.db, sessionId);
  return new URL(session.cancel_path, deps.config.STOREFRONT_URL).toString();
}
