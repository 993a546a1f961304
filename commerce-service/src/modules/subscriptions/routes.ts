import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { subscriptionRecordSchema } from '../orders/schemas.ts';
import { confirmSubscription } from '../orders/service.ts';
import { confirmSubscriptionBodySchema, subscriptionRecordInputSchema } from './schemas.ts';
import {
  createRecord,
  deleteRecord,
  listRecords,
  updateRecord,
  type SubscriptionsDependencies,
} from './service.ts';

/** Ids are 32-bit (PostgreSQL's serial): a larger number can name no record. */
const idParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647, 'non è l’id di un record'),
});

/**
 * These routes answer failures as `{ error }`, in Italian, as the Italian admin page shows
 * them (plugins/failure-texts.ts).
 */
const config = { errorBody: 'error', errorLanguage: 'it' } as const;

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
          409: failureBodySchema.error,
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
      await app.requireAdmin(request);
      return reply.status(201).send(await createRecord(deps, body));
    },
  );

  app.get(
    '/api/subscription-records',
    { ...admin, schema: { response: { 200: z.array(subscriptionRecordSchema) } } },
    async () => listRecords(deps),
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
    async (request) => updateRecord(deps, request.params.id, request.body),
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
    async (request) => deleteRecord(deps, request.params.id),
  );
};
