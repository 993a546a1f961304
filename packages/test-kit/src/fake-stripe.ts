/**
 * A small stand-in for the Stripe API, on 127.0.0.1, for the SDK to talk to in tests. It
 * records every request (method, path, form fields, idempotency key), keeps checkout sessions
 * whose payment state the test sets, can hold a request back (a fault test crashes the shop
 * while it waits for Stripe) or answer every request with an error, and signs webhook events
 * as Stripe does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  /** Stripe's hosted page; null for an embedded session. */
  url: string | null;
  mode: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  /** `hosted_page`, or `embedded_page` with a client secret for Stripe.js and a return URL. */
  ui_mode: string;
  client_secret: string | null;
  return_url: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string } | null;
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  line_items: { price: string | null; quantity: number; amount_total: number }[];
  amount_subtotal: number;
  total_details: { amount_discount: number; amount_tax: number };
  /** What the session asked (`consent_collection[terms_of_service]=required`), and the answer. */
  consent_collection: { terms_of_service: string } | null;
  consent: { terms_of_service: 'accepted' } | null;
  subscription: string | null;
}

/** A subscription as the fake Stripe keeps it: what `pay` starts for a subscription session. */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  items: { object: 'list'; data: { id: string; current_period_end: number }[] };
}

/** What a payment charged besides the lines: a promotion code's discount, and tax. */
export interface FakeCharge {
  discount?: number;
  tax?: number;
}

export interface HeldRequest {
  /** Resolves when the request has arrived and is being held. */
  arrived: Promise<void>;
  /** Answers it (into the void when its client has gone). */
  release(): void;
}

/** A refund as the fake keeps it (POST /v1/refunds). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number | null;
  reason: string | null;
  status: 'succeeded';
}

/** A dispute as the fake keeps it (GET and POST /v1/disputes/:id). */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  created: number;
  evidence_details: { due_by: number; submission_count: number; has_evidence: boolean };
  /** The evidence's text fields as last posted (`evidence[...]`). */
  evidence: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every refund made, in order. */
  refunds: FakeRefund[];
  /** The disputes opened, by id. */
  disputes: Map<string, FakeDispute>;
  /**
   * Opens a dispute of a payment, as a card issuer does: answers the dispute, which the test
   * sends as `charge.dispute.created`'s object; evidence is due in a week.
   */
  openDispute(paymentIntent: string, reason?: string): FakeDispute;
  /** Closes a dispute with the issuer's decision (`won`, `lost`), for `charge.dispute.closed`. */
  closeDispute(id: string, outcome: 'won' | 'lost'): FakeDispute;
  /**
   * A payment's charge as Stripe's `charge.refunded` event carries it: what it charged, what
   * was refunded of it (`amount_refunded`) and whether all of it was (`refunded`).
   */
  chargeOf(paymentIntent: string): {
    id: string;
    object: 'charge';
    payment_intent: string;
    amount: number;
    amount_refunded: number;
    refunded: boolean;
  };
  /**
   * Marks a session paid by this buyer, as Stripe does after a successful payment: the terms
   * accepted when the session asked, the charge applied, and a subscription session's
   * subscription started.
   */
  pay(id: string, email: string, charge?: FakeCharge): FakeSession;
  /** Lets an open session expire, as Stripe does after a day. */
  expire(id: string): FakeSession;
  addSession(session: Partial<FakeSession> & { id: string }): FakeSession;
  /** Holds back the answer to the next request with this method and path until released. */
  hold(method: string, path: string): HeldRequest;
  /** Answers every later request with this status and Stripe error, as a failing Stripe does. */
  failWith(status: number, error: { type: string; message: string }): void;
  /** Answers as usual again, as Stripe does after an outage. */
  recover(): void;
  close(): Promise<void>;
}

/** A Stripe event as the shop receives it: the JSON body and its Stripe-Signature header. */
export function signedStripeEvent(
  event: { id: string; type: string; object: Record<string, unknown>; created?: number },
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-01',
    created: event.created ?? Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload,
    secret,
  });
  return { payload, signature };
}

/** Delivers a signed Stripe event to the shop's webhook, as Stripe does. */
export function deliverStripeEvent(
  app: FastifyInstance,
  event: { id: string; type: string; object: Record<string, unknown>; created?: number },
  secret: string,
) {
  const { payload, signature } = signedStripeEvent(event, secret);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  res.end(JSON.stringify(body));
}

/**
 * Starts the fake on a free port of 127.0.0.1, or where `listen` says: the container journey
 * runs it in a container of its own, on a fixed port of every interface the container has.
 */
export async function startFakeStripe(
  listen: { host?: string; port?: number } = {},
): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const refunds: FakeRefund[] = [];
  const refundsByIdempotencyKey = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  let counter = 0;

  const addSession = (partial: Partial<FakeSession> & { id: string }): FakeSession => {
    const session: FakeSession = {
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${partial.id}`,
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      ui_mode: 'hosted_page',
      client_secret: null,
      return_url: null,
      customer: null,
      customer_email: null,
      customer_details: null,
      payment_intent: null,
      amount_total: 0,
      currency: 'usd',
      line_items: [],
      amount_subtotal: partial.amount_total ?? 0,
      total_details: { amount_discount: 0, amount_tax: 0 },
      consent_collection: null,
      consent: null,
      subscription: null,
      ...partial,
    };
    sessions.set(session.id, session);
    return session;
  };

  const holds: { method: string; path: string; held: (answer: () => void) => void }[] = [];
  let failure: { status: number; error: { type: string; message: string } } | undefined;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, fields, idempotencyKey });
      if (failure) return json(res, failure.status, { error: failure.error });
      const hold = holds.findIndex(
        (candidate) => candidate.method === req.method && candidate.path === url.pathname,
      );
      if (hold >= 0) {
        holds.splice(hold, 1)[0]?.held(() => answer(req, res, url, fields, idempotencyKey));
        return;
      }
      answer(req, res, url, fields, idempotencyKey);
    });
  });

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    fields: Record<string, string>,
    idempotencyKey: string | undefined,
  ) {
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return json(res, 200, known);
      counter += 1;
      const lineCount = Object.keys(fields).filter((key) =>
        /^line_items\[\d+\]\[quantity\]$/.test(key),
      ).length;
      const line_items = Array.from({ length: lineCount }, (_, index) => {
        const quantity = Number(fields[`line_items[${index}][quantity]`]);
        const unit = Number(fields[`line_items[${index}][price_data][unit_amount]`] ?? 0);
        return {
          price: fields[`line_items[${index}][price]`] ?? null,
          quantity,
          amount_total: unit * quantity,
        };
      });
      const id = `cs_test_fake${String(counter).padStart(4, '0')}`;
      const session = addSession({
        id,
        mode: fields.mode ?? 'payment',
        amount_total: line_items.reduce((sum, line) => sum + line.amount_total, 0),
        line_items,
        consent_collection: fields['consent_collection[terms_of_service]']
          ? { terms_of_service: fields['consent_collection[terms_of_service]'] }
          : null,
        // Embedded Checkout has no page at Stripe, only the secret Stripe.js mounts it with.
        ...(fields.ui_mode === 'embedded_page'
          ? {
              ui_mode: 'embedded_page',
              url: null,
              client_secret: `${id}_secret_fake`,
              return_url: fields.return_url ?? null,
            }
          : {}),
      });
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return json(res, 200, session);
    }
    const lineItems = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(url.pathname);
    if (req.method === 'GET' && lineItems) {
      const session = sessions.get(decodeURIComponent(lineItems[1] as string));
      if (!session)
        return json(res, 404, {
          error: { type: 'invalid_request_error', message: 'No such session' },
        });
      return json(res, 200, {
        object: 'list',
        has_more: false,
        url: url.pathname,
        data: session.line_items.map((line, index) => ({
          id: `li_${index}`,
          object: 'item',
          quantity: line.quantity,
          amount_total: line.amount_total,
          price: line.price ? { id: line.price, object: 'price' } : null,
        })),
      });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1] as string));
      if (!session)
        return json(res, 404, {
          error: { type: 'invalid_request_error', message: 'No such checkout.session' },
        });
      const expanded = [...url.searchParams].some(
        ([key, value]) => key.startsWith('expand') && value === 'subscription',
      );
      if (expanded && session.subscription) {
        return json(res, 200, {
          ...session,
          subscription: subscriptions.get(session.subscription) ?? session.subscription,
        });
      }
      return json(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const known = idempotencyKey ? refundsByIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return json(res, 200, known);
      const paymentIntent = fields.payment_intent;
      if (!paymentIntent)
        return json(res, 400, {
          error: { type: 'invalid_request_error', message: 'Missing payment_intent or charge' },
        });
      // What the payment charged (its session's total), less what was refunded of it.
      const charged = [...sessions.values()].find(
        (session) => session.payment_intent === paymentIntent,
      )?.amount_total;
      const refundedSoFar = refunds
        .filter((refund) => refund.payment_intent === paymentIntent)
        .reduce((sum, refund) => sum + (refund.amount ?? charged ?? 0), 0);
      const left = charged === undefined ? Infinity : charged - refundedSoFar;
      const fullyRefunded = refunds.some(
        (refund) => refund.payment_intent === paymentIntent && refund.amount === null,
      );
      // A payment refunded in full refuses another refund under a new key, as Stripe does.
      if (fullyRefunded || left <= 0)
        return json(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ch_${paymentIntent} has already been refunded.`,
          },
        });
      const asked = fields.amount ? Number(fields.amount) : null;
      if (asked !== null && (!Number.isInteger(asked) || asked < 1 || asked > left))
        return json(res, 400, {
          error: {
            type: 'invalid_request_error',
            param: 'amount',
            message: `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`,
          },
        });
      const refund: FakeRefund = {
        id: `re_fake${String(refunds.length + 1).padStart(4, '0')}`,
        object: 'refund',
        payment_intent: paymentIntent,
        amount: asked,
        reason: fields.reason ?? null,
        status: 'succeeded',
      };
      refunds.push(refund);
      if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, refund);
      return json(res, 200, refund);
    }
    const disputePath = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (disputePath && (req.method === 'GET' || req.method === 'POST')) {
      const dispute = disputes.get(decodeURIComponent(disputePath[1] as string));
      if (!dispute)
        return json(res, 404, {
          error: { type: 'invalid_request_error', message: 'No such dispute' },
        });
      if (req.method === 'POST') {
        if (dispute.status === 'won' || dispute.status === 'lost')
          return json(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: 'This dispute is already closed',
            },
          });
        for (const [key, value] of Object.entries(fields)) {
          const field = /^evidence\[([a-z_]+)\]$/.exec(key)?.[1];
          if (field) dispute.evidence[field] = value;
        }
        dispute.evidence_details.has_evidence = Object.keys(dispute.evidence).length > 0;
        // `submit` defaults to true: the evidence goes to the issuer, who reviews it.
        if (fields.submit !== 'false') {
          dispute.status = 'under_review';
          dispute.evidence_details.submission_count += 1;
        }
      }
      return json(res, 200, dispute);
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const paymentIntent = url.searchParams.get('payment_intent');
      const made = refunds.filter((refund) => refund.payment_intent === paymentIntent).reverse();
      return json(res, 200, { object: 'list', data: made, has_more: false, url: '/v1/refunds' });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionPath && (req.method === 'GET' || req.method === 'DELETE')) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1] as string));
      if (!subscription)
        return json(res, 404, {
          error: { type: 'invalid_request_error', message: 'No such subscription' },
        });
      // Cancelling ends the subscription at once, as Stripe's DELETE does.
      if (req.method === 'DELETE') subscription.status = 'canceled';
      return json(res, 200, subscription);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return json(res, 200, {
        id: `bps_fake${requests.length}`,
        object: 'billing_portal.session',
        customer: fields.customer,
        return_url: fields.return_url,
        url: `https://billing.stripe.test/p/session/${encodeURIComponent(fields.customer ?? '')}`,
      });
    }
    return json(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${url.pathname})`,
      },
    });
  }
  const host = listen.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(listen.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://${host}:${port}`,
    requests,
    sessions,
    subscriptions,
    refunds,
    disputes,
    openDispute(paymentIntent, reason = 'fraudulent') {
      const session = [...sessions.values()].find(
        (candidate) => candidate.payment_intent === paymentIntent,
      );
      const now = Math.floor(Date.now() / 1000);
      const dispute: FakeDispute = {
        id: `dp_fake${String(disputes.size + 1).padStart(4, '0')}`,
        object: 'dispute',
        amount: session?.amount_total ?? 0,
        currency: session?.currency ?? 'usd',
        charge: `ch_${paymentIntent}`,
        payment_intent: paymentIntent,
        reason,
        status: 'needs_response',
        created: now,
        evidence_details: { due_by: now + 7 * 86400, submission_count: 0, has_evidence: false },
        evidence: {},
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(id, outcome) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`No fake dispute ${id}`);
      dispute.status = outcome;
      return dispute;
    },
    chargeOf(paymentIntent) {
      const amount =
        [...sessions.values()].find((session) => session.payment_intent === paymentIntent)
          ?.amount_total ?? 0;
      const refunded = refunds
        .filter((refund) => refund.payment_intent === paymentIntent)
        .reduce((sum, refund) => sum + (refund.amount ?? amount), 0);
      return {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount,
        amount_refunded: Math.min(refunded, amount),
        refunded: refunded >= amount,
      };
    },
    addSession,
    pay(id, email, charge = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      const discount = charge.discount ?? 0;
      const tax = charge.tax ?? 0;
      Object.assign(session, {
        payment_status: 'paid',
        status: 'complete',
        customer: `cus_${id}`,
        customer_details: { email },
        payment_intent: `pi_${id}`,
        amount_total: session.amount_subtotal - discount + tax,
        total_details: { amount_discount: discount, amount_tax: tax },
        consent: session.consent_collection ? { terms_of_service: 'accepted' } : null,
      });
      if (session.mode === 'subscription' && !session.subscription) {
        const subscription: FakeSubscription = {
          id: `sub_${id}`,
          object: 'subscription',
          customer: `cus_${id}`,
          status: 'active',
          cancel_at_period_end: false,
          items: {
            object: 'list',
            data: [
              { id: `si_${id}`, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 },
            ],
          },
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    expire(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      return Object.assign(session, { status: 'expired', url: null });
    },
    hold(method, path) {
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        holds.push({
          method,
          path,
          held: (answerNow) => {
            release = answerNow;
            resolve();
          },
        });
      });
      return { arrived, release: () => release() };
    },
    failWith(status, error) {
      failure = { status, error };
    },
    recover() {
      failure = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
