/**
 * Property-based fuzzing of every route the commerce service registers: Fastify's onRoute
 * hook lists them, so a route added later is fuzzed without touching this file. Each route
 * gets at least 2,000 generated requests (FUZZ_RUNS for more, FUZZ_SEED to replay) with
 * generated path parameters, query strings, headers, cookies and bodies, from a visitor, a
 * signed-in customer, an administrator and forged sessions. Properties of every answer:
 * no 5xx, every 4xx a JSON body with its error message, admin routes never open to anyone
 * else, prices from the catalogue whatever the body says, and a refused request leaves the
 * shop's records as they were.
 *
 * Rate limits stay on, as in production, but nearly every request comes from a client
 * address of its own, so the handlers get the bulk of the inputs; one request in twenty comes
 * from one of two shared addresses, which soon reach the limits and show that a 429 is JSON
 * too. (RATE_LIMITS=off would take the limiter itself out of what is fuzzed.)
 *
 * The routes are dealt out to several test files (src/api-*.fuzz.test.ts), each with apps
 * of its own, so that jest runs them side by side on a small machine's cores.
 */
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { OAuth2Server } from 'oauth2-mock-server';
import Stripe from 'stripe';
import { z } from 'zod';
import { contactSubmissionSchema } from '@aba-shop/contract';
import { buyLocally } from '../app.ts';
import { startFakeStripe } from '@aba-shop/test-kit/fake-stripe';
import {
  answerProblem,
  fuzzParameters,
  pollutedPrototype,
  StatusTally,
} from '@aba-shop/test-kit/fuzz';
import {
  CUSTOMER,
  openShop,
  restoreSession,
  SESSION_COOKIE,
  startCheckout,
  type Shop,
} from './fuzz-shop.ts';
import {
  requestsFor,
  type FuzzedRoute,
  type FuzzRequest,
  type RequestContext,
} from '@aba-shop/test-kit/fuzz';

const WEBHOOK_SECRET = 'whsec_fuzz_secret_for_the_shop';
const FUZZ_TIMEOUT_MS = 20 * 60_000;

/** The Stripe events the webhook handles, and one it ignores. */
const stripeEventSchema = z.object({
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.enum([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'charge.refunded',
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'invoice.paid',
    'invoice.payment_failed',
    'customer.created',
  ]),
  api_version: z.literal('2025-01-01'),
  created: z.number().int().positive(),
  data: z.object({
    object: z.union([
      z.object({
        id: z.string(),
        object: z.string(),
        payment_intent: z.string().nullable(),
        refunded: z.boolean(),
      }),
      z.object({
        id: z.string(),
        object: z.literal('subscription'),
        customer: z.string().nullable(),
        status: z.string(),
        cancel_at_period_end: z.boolean(),
        items: z.object({
          data: z.array(z.object({ current_period_end: z.number().int() })),
        }),
      }),
      z.object({
        id: z.string(),
        object: z.literal('invoice'),
        parent: z.object({
          subscription_details: z.object({ subscription: z.string() }).nullable(),
        }),
        lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number() }) })) }),
      }),
    ]),
  }),
});

const stripeSigner = new Stripe('sk_test_unused');

/** Half of the webhook requests carry a valid signature, so the event handling is reached. */
function signedHalf(requests: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(requests, fc.boolean()).map(([request, sign]) => {
    if (!sign || typeof request.payload !== 'string') return request;
    const signature = stripeSigner.webhooks.generateTestHeaderString({
      payload: request.payload,
      secret: WEBHOOK_SECRET,
    });
    return { ...request, headers: { ...request.headers, 'stripe-signature': signature } };
  });
}

/** The route-specific promises a successful answer makes. */
async function checkAccepted(
  shop: Shop,
  route: FuzzedRoute,
  request: FuzzRequest,
  response: LightMyRequestResponse,
) {
  if (route.name !== 'POST /api/create-checkout-session' || response.statusCode !== 200) return;
  // Whatever the client sent, the amount comes from the catalogue.
  const body = JSON.parse(String(request.payload)) as {
    products: { productId: string; quantity: number }[];
  };
  const expected = body.products.reduce(
    (sum, line) => sum + (shop.prices.get(line.productId) ?? NaN) * line.quantity,
    0,
  );
  const id = new URL((response.json() as { checkoutUrl: string }).checkoutUrl).pathname
    .split('/')
    .pop() as string;
  const stored = await shop.t.app.db
    .selectFrom('checkout_sessions')
    .select('amount_total')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (stored.amount_total !== expected) {
    throw new Error(
      `${route.name} stored ${stored.amount_total} cents for a basket of ${expected}`,
    );
  }
}

async function fuzzRoute(
  shop: Shop,
  route: FuzzedRoute,
  tally: StatusTally,
  parameters: fc.Parameters<unknown>,
  context: Partial<RequestContext> = {},
  adjust = (requests: fc.Arbitrary<FuzzRequest>) => requests,
) {
  const { t } = shop;
  const requests = adjust(
    requestsFor(route, {
      shopOrigin: t.database.config.STOREFRONT_URL,
      sessionCookieName: SESSION_COOKIE,
      sessions: shop.sessions,
      hints: shop.hints,
      ...context,
    }),
  );
  const clients = fc.oneof(
    {
      weight: 19,
      arbitrary: fc
        .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
        .map((parts) => `10.${parts.join('.')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('192.0.2.1', '192.0.2.2') },
  );
  let changes = await shop.recordChanges();
  await fc.assert(
    fc.asyncProperty(requests, clients, async (request, remoteAddress) => {
      const { identity, ...options } = request;
      const response = await t.app.inject({ ...options, remoteAddress });
      tally.count(route.name, response.statusCode);
      const problem = answerProblem({
        method: request.method,
        status: response.statusCode,
        contentType: response.headers['content-type'] as string | undefined,
        body: response.body,
        accept: request.headers.accept,
      });
      if (problem) throw new Error(`${route.name} ${problem}`);
      const polluted = pollutedPrototype();
      if (polluted) throw new Error(`${route.name} added a property to ${polluted}.prototype`);
      if (route.adminOnly && identity !== 'admin' && response.statusCode < 400) {
        throw new Error(`${route.name} answered ${response.statusCode} to a ${identity}`);
      }
      await checkAccepted(shop, route, request, response);
      const session = shop.sessions.find((candidate) => candidate.name === identity);
      if (session && route.name === 'POST /api/logout') await restoreSession(t.app.db, session);
      const now = await shop.recordChanges();
      if (response.statusCode >= 400 && now !== changes) {
        throw new Error(
          `${route.name} refused with ${response.statusCode} but changed records:\n${changes}\n${now}`,
        );
      }
      changes = now;
    }),
    parameters,
  );
}

const BODY_SCHEMAS: Record<string, z.ZodType> = {
  // The handler parses the form itself, to report every field at once.
  'POST /api/forms/submit': contactSubmissionSchema,
  'POST /api/webhooks/stripe': stripeEventSchema,
};

/**
 * Defines the tests of one part of the suite: every `parts`-th route of the local shop, from
 * the `part`-th on; the last part also takes the routes that exist only with Stripe.
 */
export async function defineApiFuzzSuite(part: number, parts: number) {
  const parameters = fuzzParameters();
  const tally = new StatusTally();
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    console.log(
      tally.format(
        `Commerce API fuzzing, part ${part} of ${parts}: ${parameters.numRuns} generated requests per route${parameters.seed === undefined ? '' : `, seed ${parameters.seed}`}`,
      ),
    );
    for (const close of closers) await close();
  });

  const fuzz =
    (shop: Shop, adjust?: (requests: fc.Arbitrary<FuzzRequest>) => fc.Arbitrary<FuzzRequest>) =>
    async (name: string, route: FuzzedRoute) => {
      await tally.time(name, () =>
        fuzzRoute(shop, route, tally, parameters, { bodySchema: BODY_SCHEMAS[name] }, adjust),
      );
      expect(tally.runs(name)).toBeGreaterThanOrEqual(parameters.numRuns ?? 0);
    };

  /** Google sign-in is configured (against a local OpenID provider) so its handlers run too. */
  const google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  closers.push(() => google.stop());
  const localShop = await openShop(
    {
      GOOGLE_CLIENT_ID: 'fuzz-client-id',
      GOOGLE_CLIENT_SECRET: 'fuzz-client-secret',
      GOOGLE_DISCOVERY_URL: `${google.issuer.url}/.well-known/openid-configuration`,
    },
    async (t) => {
      const paid = [
        await buyLocally(t.app, [{ productId: 'ebook-aba-complete-pack', quantity: 1 }], CUSTOMER),
        await buyLocally(
          t.app,
          [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
          CUSTOMER,
        ),
      ];
      const open = [
        await startCheckout(t, 'ebook-aba-for-parents'),
        await startCheckout(t, 'ebook-aba-case-studies'),
        await startCheckout(t, 'aba-parent-support-monthly'),
      ];
      const cancelled = await startCheckout(t, 'ebook-aba-for-parents');
      await t.app.inject({ method: 'POST', url: `/api/checkout/local/${cancelled}/cancel` });
      return [...paid, ...open, cancelled];
    },
  );
  closers.unshift(() => localShop.t.close());
  const localRoutes = localShop.routes.filter((_, index) => index % parts === part - 1);
  describe('commerce routes, with the local test checkout and Google sign-in', () => {
    it.each(localRoutes.map((route) => [route.name, route] as const))(
      '%s: no 5xx, JSON 4xx, records untouched by refusals',
      fuzz(localShop),
      FUZZ_TIMEOUT_MS,
    );
  });
  if (part !== parts) return;

  /**
   * The Stripe webhook exists only when Stripe is configured, and the pay page's embedded
   * session only with embedded Checkout; the fake Stripe answers both.
   */
  const fakeStripe = await startFakeStripe();
  closers.push(() => fakeStripe.close());
  const stripeShop = await openShop(
    {
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
      STRIPE_CHECKOUT_UI: 'embedded',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz',
    },
    async (t) => {
      const paid = await startCheckout(t, 'ebook-aba-complete-pack');
      fakeStripe.pay(paid, CUSTOMER);
      const subscription = await startCheckout(t, 'aba-parent-support-monthly');
      fakeStripe.pay(subscription, CUSTOMER);
      const expired = await startCheckout(t, 'ebook-aba-case-studies');
      fakeStripe.expire(expired);
      return [paid, subscription, expired, await startCheckout(t, 'ebook-aba-for-parents')];
    },
  );
  closers.unshift(() => stripeShop.t.close());
  const localNames = new Set(localShop.routes.map((route) => route.name));
  describe('the routes that exist only with Stripe', () => {
    it.each(
      stripeShop.routes
        .filter((route) => !localNames.has(route.name))
        .map((route) => [route.name, route] as const),
    )(
      '%s: no 5xx, JSON 4xx, records untouched by refusals',
      fuzz(stripeShop, signedHalf),
      FUZZ_TIMEOUT_MS,
    );
  });
}
