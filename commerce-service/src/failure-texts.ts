/**
 * The service's own failure texts, in each language a screen of the shop shows them in. A
 * route whose failures appear on an Italian screen (sign-in, the admin area) says so with
 * `config: { errorLanguage: 'it' }`; its services write their own messages in Italian, and
 * these cover what the service adds by itself: validation, rate limits, outages, the admin
 * check (docs/product.md#languages). The errors, auth and NUL-character plugins ask it for
 * the texts of the request they refuse.
 */
import { FAILURE_TEXTS, type ErrorLanguage, type FailureTexts } from '@aba-shop/contract';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The language of the screen that shows this route's failures. Default English. */
    errorLanguage?: ErrorLanguage;
  }
}

/** The failure texts in the language of the request's route. */
export function failureTexts(request: FastifyRequest): FailureTexts {
  return FAILURE_TEXTS[request.routeOptions.config?.errorLanguage ?? 'en'];
}
