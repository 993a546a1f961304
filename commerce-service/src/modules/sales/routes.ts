import { salesQuerySchema, salesSummarySchema } from '@aba-shop/contract';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { sendCsv } from '../../send-csv.ts';
import {
  exportFileName,
  ORDER_CSV_COLUMNS,
  ordersForAccountant,
  salesSummary,
  type SalesDependencies,
} from './service.ts';

/**
 * The owner's sales figures (docs/product.md#sales-figures). Administrators only, checked on
 * request before anything is read; failures are `{ error }` in Italian, as the admin pages
 * show them (src/failure-texts.ts).
 */
const config = { errorBody: 'error', errorLanguage: 'it' } as const;

export const salesRoutes: ModuleRoutes<SalesDependencies> = async (app, { deps }) => {
  app.get(
    '/api/admin/sales',
    {
      onRequest: app.requireAdmin,
      config,
      schema: {
        summary:
          "A period's orders, revenue, refunds and buyers beside the period before it, by day and by product",
        querystring: salesQuerySchema,
        response: { 200: salesSummarySchema, 400: failureBodySchema.error },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await salesSummary(deps, request.query)),
  );

  app.get(
    '/api/admin/sales/orders.csv',
    {
      onRequest: app.requireAdmin,
      config,
      schema: {
        summary: "A period's orders as CSV, one row an order, for the accountant",
        querystring: salesQuerySchema,
        produces: ['text/csv'],
        response: { 400: failureBodySchema.error },
      },
    },
    async (request, reply) =>
      sendCsv(request, reply, {
        rows: ordersForAccountant(deps, request.query),
        columns: ORDER_CSV_COLUMNS,
        fileName: exportFileName(request.query),
      }),
  );
};
