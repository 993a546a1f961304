/**
 * Maps every failure to HTTP once: the services' refusals (domain-errors.ts) by the table below,
 * an unreachable database or Stripe as 503 with Retry-After, Stripe's own refusals as a logged
 * 500, and no internals in a 5xx (docs/adr/0014-commerce-module-shape.md, docs/reliability.md).
 * A route names another body shape with `config: { errorBody }` and an Italian screen with
 * `config: { errorLanguage: 'it' }` (../failure-texts.ts).
 */
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { DomainError, OutOfRangeError, type DomainErrorKind } from '../domain-errors.ts';
import { failureTexts } from '../failure-texts.ts';
import { isStripeUnavailable } from './stripe-errors.ts';

/** Seconds a client is asked to wait after a 503. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The table: the status of each kind of refusal, and the body of a failure in each family of
 * routes, as its clients read it (docs/product.md#api and docs/product.md#error-catalogue):
 * most routes answer `{ message }`, sign-in, the account's purchases and the subscription
 * records `{ error }`, the contact form `{ success: false, message }`.
 */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  'invalid-input': 400,
  'not-signed-in': 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  expired: 410,
  'out-of-range': 416,
  'limit-reached': 429,
  // A missing setting or file: without Retry-After, as waiting a few seconds will not help.
  unavailable: 503,
};

const BODY_OF_FAMILY = {
  message: (message: string) => ({ message }),
  error: (error: string) => ({ error }),
  form: (message: string) => ({ success: false, message }),
} satisfies Record<string, (text: string) => Record<string, unknown>>;

export type ErrorBodyShape = keyof typeof BODY_OF_FAMILY;

/** The failure bodies of the `message` and `error` families, for the routes' response schemas. */
export const failureBodySchema = {
  message: z.object({ message: z.string() }),
  error: z.object({ error: z.string() }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The family whose failure body this route answers with. Default `message`. */
    errorBody?: ErrorBodyShape;
  }
}

function body(
  request: FastifyRequest,
  text: string,
  extra: Readonly<Record<string, unknown>> = {},
) {
  return { ...BODY_OF_FAMILY[request.routeOptions.config?.errorBody ?? 'message'](text), ...extra };
}

/**
 * Libraries between a route and the database (Better Auth) replace its error with their own,
 * so a failure the error does not explain is put down to the database when it fails a check.
 */
async function causedByDatabase(app: FastifyInstance, error: unknown): Promise<boolean> {
  if (isDatabaseUnavailable(error)) return true;
  if (!app.hasDecorator('databaseReady')) return false;
  return !(await app.databaseReady().catch(() => true));
}

/** A failure of something the request needed, not of the request: the caller may retry. */
function unavailable(request: FastifyRequest, reply: FastifyReply, message: string) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(body(request, message));
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      // A range outside the file names the file's size, as HTTP asks of a 416.
      if (error instanceof OutOfRangeError)
        reply.header('content-range', `bytes */${error.fileSize}`);
      return reply
        .status(STATUS_OF_KIND[error.kind])
        .send(body(request, error.message, error.details));
    }
    const texts = failureTexts(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const where = error.validationContext ?? 'request';
      return reply.status(400).send(body(request, texts.invalid(where, issues[0]), { issues }));
    }
    if (error instanceof Stripe.errors.StripeError) {
      if (isStripeUnavailable(error)) {
        request.log.error({ err: error }, 'request failed: Stripe is unavailable');
        return unavailable(request, reply, texts.paymentsUnavailable);
      }
      request.log.error(
        { err: error },
        'request failed: Stripe refused the shop (check STRIPE_SECRET_KEY and PRODUCT_STRIPE_PRICES)',
      );
      void app.errorReporter.report(error, { route: request.routeOptions.url });
      return reply.status(500).send(body(request, texts.internal));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? texts.malformedJson : error.message;
      return reply.status(status).send(body(request, text));
    }
    if (await causedByDatabase(app, error)) {
      request.log.error({ err: error }, 'request failed: the database is unavailable');
      return unavailable(request, reply, texts.unavailable);
    }
    request.log.error({ err: error }, 'request failed');
    // A bug or a failure nobody foresaw: the owner's error tracker hears of it (not of the
    // refusals and outages answered above, which are the shop working as designed).
    void app.errorReporter.report(error, { route: request.routeOptions.url });
    return reply
      .status(status >= 500 ? status : 500)
      .send(body(request, status === 503 ? texts.unavailable : texts.internal));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url}` }),
  );

  // Plugins that answer by themselves (CORS refuses a malformed preflight) send plain text;
  // their refusals get the same JSON shape as every other 4xx.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) return payload;
    if (!/^text\/plain\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(body(request, String(payload)));
  });
});
