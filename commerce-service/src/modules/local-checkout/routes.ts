/**
 * The local test checkout's page, served under /api/ so it shares the storefront's origin.
 * It exists only while no payment provider is configured.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import type { StoredCheckoutSession } from '../checkout/repository.ts';
import { renderLocalCheckoutPage } from './page.ts';
import {
  cancelLocalCheckout,
  InvalidEmailError,
  payLocalCheckout,
  showLocalCheckout,
  type LocalCheckoutDependencies,
} from './service.ts';

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

export const localCheckoutRoutes: ModuleRoutes<LocalCheckoutDependencies> = async (
  app,
  { deps },
) => {
  if (deps.provider.name !== 'local') return;

  app.get(
    '/api/checkout/local/:id',
    { schema: { params: sessionParams, hide: true } },
    async (request, reply) => {
      const shown = await showLocalCheckout(deps, request.params.id);
      if ('paidUrl' in shown) return reply.redirect(shown.paidUrl, 303);
      return sendCheckoutPage(reply, shown.session);
    },
  );

  app.post(
    '/api/checkout/local/:id/pay',
    {
      schema: { params: sessionParams, body: z.object({ email: z.string().max(320) }), hide: true },
    },
    async (request, reply) => {
      try {
        return reply.redirect(
          await payLocalCheckout(deps, request.params.id, request.body.email),
          303,
        );
      } catch (error) {
        // One of the two error replies written by hand: the page's own form gets the page
        // back with the message, and the errors plugin writes JSON only. An API client gets
        // the plugin's JSON, as from every other refusal.
        if (
          error instanceof InvalidEmailError &&
          /\btext\/html\b/.test(request.headers.accept ?? '')
        ) {
          return sendCheckoutPage(reply.status(400), error.session, error.message);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/checkout/local/:id/cancel',
    { schema: { params: sessionParams, hide: true } },
    async (request, reply) =>
      reply.redirect(await cancelLocalCheckout(deps, request.params.id), 303),
  );
};
