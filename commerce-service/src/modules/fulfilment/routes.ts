import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { checkoutSessionIdSchema } from '../checkout/schemas.ts';
import { CheckoutStateError, ensureFulfilled, type CommerceContext } from '../checkout/service.ts';
import { listOrderEntitlements } from '../downloads/repository.ts';
import { signDownloadLinks } from '../downloads/service.ts';
import {
  findOrderBySession,
  hasWebhookEvent,
  listOrderLines,
  recordWebhookEventOnce,
  revokeOrderByPaymentIntent,
} from './repository.ts';
import {
  chargeEventSchema,
  checkoutSessionEventSchema,
  purchaseDetailSchema,
  stripeEventSchema,
  type PurchaseDetail,
} from './schemas.ts';

const messageSchema = z.object({ message: z.string() });

/** A signed event of a shape this shop does not understand: refused, so Stripe reports it. */
function malformed(reply: FastifyReply, reason: string) {
  return reply.status(400).send({ message: `Malformed Stripe event: ${reason}` });
}

export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  ctx: CommerceContext;
  stripe: Stripe | null;
}> = async (app, { ctx, stripe }) => {
  app.get(
    '/api/products/purchase-detail',
    {
      schema: {
        summary: 'The products, download links and e-mail of a paid checkout session',
        querystring: z.object({ sessionId: checkoutSessionIdSchema }),
        response: { 200: purchaseDetailSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request): Promise<PurchaseDetail> => {
      const { sessionId } = request.query;
      await ensureFulfilled(ctx, sessionId);
      const order = await findOrderBySession(ctx.db, sessionId);
      if (!order) throw new CheckoutStateError('No purchase was found for this session', 404);
      const [lines, entitlements] = await Promise.all([
        listOrderLines(ctx.db, order.id),
        listOrderEntitlements(ctx.db, order.id),
      ]);
      const links = signDownloadLinks(entitlements, ctx.config, ctx.books);
      return {
        products: lines.map((line) => {
          const files = links
            .filter((link) => link.productId === line.product_id)
            .map(({ kind, label, url }) => ({ kind, label, url }));
          return {
            productId: line.product_id,
            productName: line.product_name,
            price: line.unit_amount,
            quantity: line.quantity,
            type: line.product_type,
            downloadUrl: files.find((file) => file.kind === 'pdf')?.url ?? files[0]?.url ?? null,
            files,
          };
        }),
        customerEmail: order.email,
        checkoutSessionId: sessionId,
        orderId: order.id,
      };
    },
  );

  if (!stripe) return;
  const webhookSecret = ctx.config.STRIPE_WEBHOOK_SECRET;

  // Stripe signs the exact bytes it sent, so this route keeps the body raw.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/api/webhooks/stripe',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        if (!webhookSecret) {
          return reply.status(503).send({ message: 'STRIPE_WEBHOOK_SECRET is not configured' });
        }
        let signed: Stripe.Event;
        try {
          signed = stripe.webhooks.constructEvent(
            request.body as Buffer,
            String(signature ?? ''),
            webhookSecret,
          );
        } catch {
          return reply.status(400).send({ message: 'Invalid Stripe signature' });
        }
        const parsed = stripeEventSchema.safeParse(signed);
        if (!parsed.success) return malformed(reply, 'it needs an id, a type and data.object');
        const event = parsed.data;
        if (await hasWebhookEvent(ctx.db, event.id)) return { received: true, duplicate: true };

        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded': {
            const session = checkoutSessionEventSchema.safeParse(event.data.object);
            if (!session.success) return malformed(reply, 'data.object has no checkout session id');
            try {
              await ensureFulfilled(ctx, session.data.id);
            } catch (error) {
              // Not paid yet (an async payment): Stripe sends async_payment_succeeded later.
              if (!(error instanceof CheckoutStateError)) throw error;
              request.log.info(
                { sessionId: session.data.id, reason: error.message },
                'checkout not fulfilled yet',
              );
            }
            break;
          }
          case 'charge.refunded': {
            const parsedCharge = chargeEventSchema.safeParse(event.data.object);
            if (!parsedCharge.success) return malformed(reply, 'data.object is not a charge');
            const charge = parsedCharge.data;
            const paymentIntent =
              typeof charge.payment_intent === 'string'
                ? charge.payment_intent
                : charge.payment_intent?.id;
            if (charge.refunded && paymentIntent) {
              const revoked = await revokeOrderByPaymentIntent(ctx.db, paymentIntent);
              request.log.info({ paymentIntent, revoked }, 'refund revoked downloads');
            }
            break;
          }
          default:
            break;
        }
        // Recorded only once handled, so a crash before this point is retried by Stripe.
        await recordWebhookEventOnce(ctx.db, event.id, event.type);
        return { received: true };
      },
    );
  });
};
