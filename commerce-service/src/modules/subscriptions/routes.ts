import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import {
  adminPageQuerySchema,
  subscriptionRecordSchema,
  confirmSubscriptionBodySchema,
  subscriptionRecordInputSchema,
  subscriptionRecordPageSchema,
} from '@aba-shop/contract';
import { failureBodySchema } from '../../plugins/errors.ts';
import { sendCsv } from '../../send-csv.ts';
import { confirmSubscription } from '../orders/service.ts';
import {
  allRecords,
  createRecord,
  deleteRecord,
  listRecords,
  recordPage,
  updateRecord,
  type SubscriptionsDependencies,
} from './service.ts';

/** Ids are 32-bit (PostgreSQL's serial): a larger number can name no record. */
const idParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647, 'non è l’id di un record'),
});

/**
 * These routes answer failures as `{ error }`, in Italian, as the Italian admin page shows
 * them (src/failure-texts.ts).
 */
const config = { errorBody: 'error', errorLanguage: 'it' } as const;

/** The export's columns, in the order of the records page (docs/product.md#support-console). */
const CSV_COLUMNS = [
  'id',
  'user_id',
  'email',
  'session_id',
  'created_at',
  'status',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
] as const;

export const subscriptionRoutes: ModuleRoutes<SubscriptionsDependencies> = async (
  app,
  { deps },
) => {
  // Checked on request, before the body is read: nobody learns anything without signing in.
  const admin = { onRequest: app.requireAdmin, config };

  app.post(
    '/api/subscription-records',
    {
      config,
      schema: {
        summary:
          'From the success page: {sessionId} confirms a paid subscription (checked with the provider). From the admin area: {user_id, email, session_id} creates a record.',
        body: z.union([confirmSubscriptionBodySchema, subscriptionRecordInputSchema]),
        response: {
          200: subscriptionRecordSchema,
          201: subscriptionRecordSchema,
          404: failureBodySchema.error,
          409: failureBodySchema.error,
          410: failureBodySchema.error,
        },
      },
    },
    // One address, two callers: the success page confirms its purchase (the orders module's
    // rule), and the admin area creates a record, after the same admin check as the others.
    async (request, reply) => {
      const { body } = request;
      if ('sessionId' in body) {
        return reply.status(200).send(await confirmSubscription(deps, body.sessionId));
      }
      const actor = await app.adminEmail(request);
      return reply.status(201).send(await createRecord(deps, body, actor));
    },
  );

  app.get(
    '/api/subscription-records',
    {
      ...admin,
      schema: {
        summary:
          'Without parameters, every record, newest first (the specification’s call); with q, limit or cursor, one page of them: {items, nextCursor}',
        querystring: adminPageQuerySchema,
        response: {
          200: z.union([z.array(subscriptionRecordSchema), subscriptionRecordPageSchema]),
        },
      },
    },
    async ({ query }) =>
      query.q === undefined && query.limit === undefined && query.cursor === undefined
        ? listRecords(deps)
        : recordPage(deps, query),
  );

  app.get(
    '/api/subscription-records/export.csv',
    {
      ...admin,
      schema: {
        summary: 'Every record as CSV, newest first, streamed a batch at a time',
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv(request, reply, {
        rows: allRecords(deps),
        columns: CSV_COLUMNS,
        fileName: `subscription-records-${new Date().toISOString().slice(0, 10)}.csv`,
      }),
  );

  app.put(
    '/api/subscription-records/:id',
    {
      ...admin,
      schema: {
        params: idParams,
        body: subscriptionRecordInputSchema,
        response: {
          200: subscriptionRecordSchema,
          404: failureBodySchema.error,
          409: failureBodySchema.error,
        },
      },
    },
    async (request) =>
      updateRecord(deps, request.params.id, request.body, await app.adminEmail(request)),
  );

  app.delete(
    '/api/subscription-records/:id',
    {
      ...admin,
      schema: {
        params: idParams,
        response: { 200: subscriptionRecordSchema, 404: failureBodySchema.error },
      },
    },
    async (request) => deleteRecord(deps, request.params.id, await app.freshAdminEmail(request)),
  );
};
