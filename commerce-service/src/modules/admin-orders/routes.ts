import {
  adminOrderRefundBodySchema,
  adminPageQuerySchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderParamsSchema,
} from '@aba-shop/contract';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  orderDetail,
  resendOrderLinks,
  restoreOrderAccess,
  revokeOrderAccess,
  searchOrders,
  type AdminOrdersDependencies,
} from './service.ts';
import { refundOrder } from '../orders/service.ts';
import { submitOrderDisputeEvidence } from '../disputes/service.ts';

/**
 * The support console's orders (docs/product.md#support-console). Administrators only, checked
 * on request before anything else is read; failures are `{ error }` in Italian, as the admin
 * pages show them (src/failure-texts.ts).
 */
const config = { errorBody: 'error', errorLanguage: 'it' } as const;

export const adminOrderRoutes: ModuleRoutes<AdminOrdersDependencies> = async (app, { deps }) => {
  const admin = { onRequest: app.requireAdmin, config };
  const failures = {
    404: failureBodySchema.error,
    409: failureBodySchema.error,
  };

  app.get(
    '/api/admin/orders',
    {
      ...admin,
      schema: {
        summary:
          'Orders newest first: all, or those of an e-mail address, an order id or a checkout session id (q), a page at a time',
        querystring: adminPageQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => searchOrders(deps, request.query),
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      ...admin,
      schema: {
        summary: 'One order, with its files’ downloads and its audit trail',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, 404: failureBodySchema.error },
      },
    },
    async (request) => orderDetail(deps, request.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/resend',
    {
      ...admin,
      schema: {
        summary: 'E-mails the buyer fresh links to the order’s files',
        params: adminOrderParamsSchema,
        response: { 202: failureBodySchema.message, ...failures },
      },
    },
    async (request, reply) => {
      const actor = await app.adminEmail(request);
      return reply.status(202).send(await resendOrderLinks(deps, request.params.orderId, actor));
    },
  );

  app.post(
    '/api/admin/orders/:orderId/revoke',
    {
      ...admin,
      schema: {
        summary: 'Revokes the order’s downloads: its links answer 403 until restored',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, ...failures },
      },
    },
    async (request) =>
      revokeOrderAccess(deps, request.params.orderId, await app.freshAdminEmail(request)),
  );

  app.post(
    '/api/admin/orders/:orderId/restore',
    {
      ...admin,
      schema: {
        summary: 'Restores the downloads of an order an administrator revoked',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, ...failures },
      },
    },
    async (request) =>
      restoreOrderAccess(deps, request.params.orderId, await app.freshAdminEmail(request)),
  );

  app.post(
    '/api/admin/orders/:orderId/refunds',
    {
      ...admin,
      schema: {
        summary:
          'Refunds the whole order, or the lines named, through the payment provider: 200 made, 202 waiting for the provider',
        params: adminOrderParamsSchema,
        body: adminOrderRefundBodySchema,
        response: {
          200: adminOrderDetailSchema,
          202: adminOrderDetailSchema,
          400: failureBodySchema.error,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const actor = await app.freshAdminEmail(request);
      const outcome = await refundOrder(deps, orderId, request.body, actor, request.log);
      return reply
        .status(outcome === 'refunded' ? 200 : 202)
        .send(await orderDetail(deps, orderId));
    },
  );

  app.post(
    '/api/admin/orders/:orderId/dispute/evidence',
    {
      ...admin,
      schema: {
        summary:
          'Sends the evidence of the order’s dispute (its consent, receipt, downloads and stamp) through Stripe, submitted to the card issuer',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, ...failures },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      await submitOrderDisputeEvidence(deps, orderId, await app.freshAdminEmail(request));
      return orderDetail(deps, orderId);
    },
  );
};
