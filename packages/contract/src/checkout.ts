/** The checkout API's contract. */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './constants.ts';

/** A path on the shop's own site: never an absolute URL, so no redirect can leave the shop. */
export const sitePathSchema = z
  .string()
  .max(200)
  .regex(
    /^\/(?![/\\])[A-Za-z0-9\-._~/]*$/,
    'must be a path on this site starting with a single / (letters, digits, - . _ ~ /)',
  );

/**
 * A checkout session id as the providers make them (`cs_local_…`, `cs_test_…`): anything else
 * names no session, and is refused before it reaches the database or Stripe's API.
 */
export const checkoutSessionIdSchema = z
  .string()
  .regex(/^[\w-]{1,255}$/, 'must be a checkout session id (letters, digits, _ and -)');

/** Stripe's ids: letters, digits and underscores (`evt_…`, `cs_test_…`, `pi_…`, `sub_…`). */
export const stripeId = z.string().regex(/^\w{1,255}$/);

export const checkoutLineInputSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export const createCheckoutSessionBodySchema = z.object({
  products: z.array(checkoutLineInputSchema).min(1, 'must list at least one product').max(20),
  successRouter: sitePathSchema,
  cancelRouter: sitePathSchema,
});

export const createCheckoutSessionResponseSchema = z.object({ checkoutUrl: z.url() });

export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;

/**
 * How the shop takes money: `live` charges buyers through Stripe; `test` is a production shop
 * that charges nothing (the test checkout on a staging shop, or a Stripe test key), which every
 * storefront page must say; `development` is a local run.
 */
export const checkoutModeSchema = z.object({ mode: z.enum(['live', 'test', 'development']) });

export type CheckoutMode = z.infer<typeof checkoutModeSchema>['mode'];

/**
 * What the storefront's pay page mounts Stripe's embedded Checkout with
 * (docs/product.md#embedded-checkout): the open session's client secret and the shop's
 * publishable key, both meant for the browser.
 */
export const embeddedCheckoutSchema = z.object({
  clientSecret: z.string().min(1).max(500),
  publishableKey: z.string().regex(/^pk_(test|live)_\w+$/),
});

export type EmbeddedCheckout = z.infer<typeof embeddedCheckoutSchema>;
