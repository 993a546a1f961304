/** The session calls every page makes (docs/product.md#api): who is signed in, and logout. */
import type { CurrentUser } from '@aba-shop/contract';
import { anyAnswer, callCommerce, type CommerceTransport } from '../client';
import currentUser from '../contract-schemas/current-user.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

/**
 * The user, or null when nobody is signed in; on the server, the visitor whose cookie it sends
 * (the admin overview).
 */
export const fetchCurrentUser = (transport: CommerceTransport = {}) =>
  callCommerce(
    { path: '/api/users/me', answer: jsonSchemaAnswer<CurrentUser | null>(currentUser) },
    { ...transport, init: { cache: 'no-store' } },
  );

export const endSession = () =>
  callCommerce({ path: '/api/logout', method: 'POST', answer: anyAnswer });
