/**
 * The local test checkout's page, served under /api/ so it shares the storefront's origin.
 * It exists only while no payment provider is configured.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import type { StoredCheckoutSession } from '../checkout/service.ts';
import {
  accountPageUrl,
  setLocalCancelAtPeriodEnd,
  showLocalPortal,
} from '../memberships/service.ts';
import { portalTokenParams } from '@aba-shop/contract';
import { NotFoundError, ConflictError } from '../../domain-errors.ts';
import { renderLocalCheckoutPage, renderLocalPortalPage } from './page.ts';
import {
  cancelLocalCheckout,
  CheckoutFormError,
  payLocalCheckout,
  showLocalCheckout,
  type LocalCheckoutDependencies,
  type LocalCheckoutForm,
} from './service.ts';

function sendCheckoutPage(
  reply: FastifyReply,
  page: {
    session: StoredCheckoutSession;
    consent: boolean;
    error?: string;
    form?: LocalCheckoutForm;
  },
) {
  return sendLocalPage(reply, renderLocalCheckoutPage(page, reply.server.config.STOREFRONT_URL));
}

/** A browser following the page's own forms and links, rather than an API client. */
const acceptsHtml = (request: FastifyRequest) =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

function sendLocalPage(reply: FastifyReply, html: string) {
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
      .send(html)
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
      return sendCheckoutPage(reply, {
        session: shown.session,
        consent: deps.config.CHECKOUT_TERMS_CONSENT,
      });
    },
  );

  app.post(
    '/api/checkout/local/:id/pay',
    {
      schema: {
        params: sessionParams,
        body: z.object({
          email: z.string().max(320),
          terms: z.string().max(20).optional(),
          promotionCode: z.string().max(64).optional(),
          news: z.string().max(20).optional(),
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      try {
        return reply.redirect(await payLocalCheckout(deps, request.params.id, request.body), 303);
      } catch (error) {
        // One of the two error replies written by hand: the page's own form gets the page
        // back with the message, and the errors plugin writes JSON only. An API client gets
        // the plugin's JSON, as from every other refusal.
        if (error instanceof CheckoutFormError && acceptsHtml(request)) {
          return sendCheckoutPage(reply.status(400), {
            session: error.session,
            consent: deps.config.CHECKOUT_TERMS_CONSENT,
            error: error.message,
            form: error.form,
          });
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/checkout/local/:id/cancel',
    {
      schema: {
        params: sessionParams,
        // What the page's form held when Cancel was pressed; nothing of it is required.
        body: z
          .object({
            email: z.string().max(320).optional(),
            news: z.string().max(20).optional(),
          })
          .nullish(),
        hide: true,
      },
    },
    async (request, reply) =>
      reply.redirect(await cancelLocalCheckout(deps, request.params.id, request.body ?? {}), 303),
  );

  // The stand-in for Stripe's customer portal: the member's signed link from /account.
  const portalPath = (token: string) => `/api/membership/local/${encodeURIComponent(token)}`;
  const sendPortal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    view: () => ReturnType<typeof showLocalPortal>,
  ) => {
    try {
      return sendLocalPage(
        reply,
        renderLocalPortalPage({ ...(await view()), action: portalPath(token) }),
      );
    } catch (error) {
      // The page's own links and forms get the page back with the message, as with Pay; an
      // API client gets the errors plugin's JSON.
      if (
        !(error instanceof NotFoundError || error instanceof ConflictError) ||
        !acceptsHtml(request)
      ) {
        throw error;
      }
      return sendLocalPage(
        reply.status(error instanceof NotFoundError ? 404 : 409),
        renderLocalPortalPage({ error: error.message, accountUrl: accountPageUrl(deps.config) }),
      );
    }
  };

  app.get(
    '/api/membership/local/:token',
    { schema: { params: portalTokenParams, hide: true } },
    async (request, reply) =>
      sendPortal(request, reply, request.params.token, () =>
        showLocalPortal(deps, request.params.token),
      ),
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/membership/local/:token/${action}`,
      { schema: { params: portalTokenParams, hide: true } },
      async (request, reply) =>
        sendPortal(request, reply, request.params.token, () =>
          setLocalCancelAtPeriodEnd(deps, request.params.token, cancel),
        ),
    );
  }
};
