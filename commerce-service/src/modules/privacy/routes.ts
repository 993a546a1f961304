import {
  adminDataRequestPageSchema,
  adminDataRequestParamsSchema,
  adminDataRequestSchema,
  adminPageQuerySchema,
  dataExportSchema,
  erasureRequestAnswerSchema,
  erasureRequestBodySchema,
} from '@aba-shop/contract';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  exportFileName,
  exportMyData,
  processErasure,
  requestErasure,
  searchDataRequests,
  type PrivacyDependencies,
} from './service.ts';

/**
 * The buyer's data on request (docs/product.md#your-data): the signed-in buyer's export and
 * erasure request (failures `{ error }`, as the account page reads them), and support's list
 * and processing of requests (administrators only, `{ error }` in Italian). The retention sweep
 * is one of the shop's jobs (src/jobs.ts).
 */
export const privacyRoutes: ModuleRoutes<PrivacyDependencies> = async (app, { deps }) => {
  const account = { errorBody: 'error' } as const;

  app.get(
    '/api/me/data-export',
    {
      config: { ...account, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Everything the shop holds about the signed-in buyer, as a JSON file to download',
        response: { 200: dataExportSchema, 401: failureBodySchema.error },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(deps, await app.currentUser(request));
      void reply
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/me/erasure-request',
    {
      config: { ...account, rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        summary:
          "Records the signed-in buyer's request to erase their account and data; support processes it",
        body: erasureRequestBodySchema,
        response: { 202: erasureRequestAnswerSchema, 401: failureBodySchema.error },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestErasure(deps, await app.currentUser(request))),
  );

  const admin = {
    onRequest: app.requireAdmin,
    config: { errorBody: 'error', errorLanguage: 'it' },
  } as const;

  app.get(
    '/api/admin/data-requests',
    {
      ...admin,
      schema: {
        summary:
          'Data requests newest first: all, or those of an e-mail address (q), a page at a time',
        querystring: adminPageQuerySchema,
        response: { 200: adminDataRequestPageSchema },
      },
    },
    async (request) => searchDataRequests(deps, request.query),
  );

  app.post(
    '/api/admin/data-requests/:requestId/process',
    {
      ...admin,
      schema: {
        summary:
          "Erases the buyer's account and personal data, keeping what accounting law requires",
        params: adminDataRequestParamsSchema,
        response: {
          200: adminDataRequestSchema,
          404: failureBodySchema.error,
          409: failureBodySchema.error,
        },
      },
    },
    async (request) =>
      processErasure(
        deps,
        request.params.requestId,
        await app.freshAdminEmail(request),
        request.log,
      ),
  );
};
