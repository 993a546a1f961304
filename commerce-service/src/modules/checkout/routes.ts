import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findCheckoutSession, type StoredCheckoutSession } from './repository.ts';
import { renderLocalCheckoutPage } from './local-page.ts';
import {
  checkoutModeSchema,
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
} from './schemas.ts';
import {
  cancelLocalCheckout,
  checkoutMode,
  createCheckoutSession,
  payLocalCheckout,
  type CommerceContext,
} from './service.ts';

const messageSchema = z.object({ message: z.string() });

function sendCheckoutPage(reply: FastifyReply, session: StoredCheckoutSession, error?: string) {
  return (
    reply
      .type('text/html; charset=utf-8')
      // With helmet's no-referrer, a browser posts the form with `Origin: null`, which the
      // cross-site check refuses; same-origin keeps the shop's own origin on the request.
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .send(renderLocalCheckoutPage(session, error))
  );
}

const sessionParams = z.object({ id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{20,64}$/) });

export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: CommerceContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/create-checkout-session',
    {
      schema: {
        summary: 'Starts a checkout for catalogue products; prices come from the catalogue only',
        body: createCheckoutSessionBodySchema,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(255).optional() }),
        response: { 200: createCheckoutSessionResponseSchema, 400: messageSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => createCheckoutSession(ctx, request.body, request.headers['idempotency-key']),
  );

  app.get(
    '/api/checkout/mode',
    {
      schema: {
        summary: 'Whether buyers are charged: live, test (a staging shop) or development',
        response: { 200: checkoutModeSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ mode: checkoutMode(ctx) }),
  );

  // The local test checkout exists only while no payment provider is configured.
  if (ctx.provider.name !== 'local') return;

  app.get(
    '/api/checkout/local/:id',
    { schema: { params: sessionParams, hide: true } },
    async (request, reply) => {
      const session = await findCheckoutSession(ctx.db, request.params.id);
      if (!session || session.provider !== 'local') {
        return reply.status(404).send({ message: 'No such checkout session' });
      }
      if (session.status === 'paid') {
        return reply.redirect(
          `${new URL(session.success_path, ctx.config.STOREFRONT_URL).toString()}?sessionId=${session.id}`,
          303,
        );
      }
      return sendCheckoutPage(reply, session);
    },
  );

  app.post(
    '/api/checkout/local/:id/pay',
    {
      schema: { params: sessionParams, body: z.object({ email: z.string().max(320) }), hide: true },
    },
    async (request, reply) => {
      const email = z.email().safeParse(request.body.email.trim());
      if (!email.success) {
        const session = await findCheckoutSession(ctx.db, request.params.id);
        if (!session) return reply.status(404).send({ message: 'No such checkout session' });
        const message = 'Please enter a valid e-mail address.';
        // The page's own form gets the page back with the message; an API client gets JSON,
        // as from every other refusal.
        if (!/\btext\/html\b/.test(request.headers.accept ?? '')) {
          return reply.status(400).send({ message });
        }
        return sendCheckoutPage(reply.status(400), session, message);
      }
      return reply.redirect(await payLocalCheckout(ctx, request.params.id, email.data), 303);
    },
  );

  app.post(
    '/api/checkout/local/:id/cancel',
    { schema: { params: sessionParams, hide: true } },
    async (request, reply) =>
      reply.redirect(await cancelLocalCheckout(ctx, request.params.id), 303),
  );
};
