/**
 * The pay page's call (docs/product.md#embedded-checkout): what Stripe's embedded Checkout is
 * mounted with. A module of its own, so the schema is in the pay page's bundle only.
 */
import type { EmbeddedCheckout } from '@aba-shop/contract';
import { callCommerce } from '../client';
import embeddedCheckout from '../contract-schemas/embedded-checkout.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

export const fetchEmbeddedCheckout = (sessionId: string) =>
  callCommerce(
    {
      path: `/api/checkout/embedded-session?sessionId=${encodeURIComponent(sessionId)}`,
      answer: jsonSchemaAnswer<EmbeddedCheckout>(embeddedCheckout),
    },
    // The client secret is this buyer's alone, and the session's state changes as they pay.
    { init: { cache: 'no-store' } },
  );
