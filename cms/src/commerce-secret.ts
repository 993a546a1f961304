/**
 * MEMBER_CONTENT_SECRET, shared with the commerce service: the only key to what the CMS keeps
 * for it alone (the member resources and their files, the newsletter issues) and to what only
 * it may write (the buyers' reviews), and what the CMS sends when it calls the commerce service
 * (docs/product.md#member-resources, docs/product.md#keeping-in-touch).
 */
import { sameSecret } from '@aba-shop/service-kit/same-secret';
import { cmsEnv } from './env';

/** The header that carries MEMBER_CONTENT_SECRET, both ways. */
export const MEMBER_CONTENT_SECRET_HEADER = 'x-member-content-secret';

/** The 401's message to a caller without the secret. */
export const COMMERCE_SECRET_REQUIRED = `A valid ${MEMBER_CONTENT_SECRET_HEADER} header is required`;

/** Whether a request carries the secret; with none configured, nothing does. */
export function fromCommerceService(request: { get(header: string): string }): boolean {
  return sameSecret(request.get(MEMBER_CONTENT_SECRET_HEADER), cmsEnv().MEMBER_CONTENT_SECRET);
}

/** What a route for the commerce service reads of Koa's context and answers with. */
export interface CommerceRouteContext {
  get(header: string): string;
  set(header: string, value: string): void;
  request: { body?: unknown };
  status: number;
  body: unknown;
  unauthorized(message: string): void;
}
