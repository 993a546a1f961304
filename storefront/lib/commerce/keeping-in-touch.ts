import 'server-only';
/**
 * What the pages of keeping in touch ask the commerce service on the server
 * (docs/product.md#keeping-in-touch): the confirmation link's subscription, and what a review
 * link is for. Never cached: each answer is one person's.
 */
import {
  newsletterConfirmResponseSchema,
  reviewRequestSchema,
  type NewsletterConfirmResponse,
  type ReviewRequest,
} from '@aba-shop/contract';
import { storefrontConfig } from '../config';
import { callCommerce } from './client';
import { COMMERCE_TIMEOUT_MS } from './products';

const transport = () => ({
  origin: storefrontConfig().COMMERCE_URL,
  timeoutMs: COMMERCE_TIMEOUT_MS,
  init: { cache: 'no-store' as const },
});

/** The confirmation link opened: the address joins the list (it is the link that subscribes). */
export const confirmNewsletterSubscription = (token: string): Promise<NewsletterConfirmResponse> =>
  callCommerce(
    {
      path: '/api/newsletter/confirm',
      method: 'POST',
      body: { token },
      answer: newsletterConfirmResponseSchema,
    },
    transport(),
  );

export const readReviewRequest = (token: string): Promise<ReviewRequest> =>
  callCommerce(
    {
      path: `/api/reviews/request?token=${encodeURIComponent(token)}`,
      answer: reviewRequestSchema,
    },
    transport(),
  );
