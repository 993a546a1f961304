import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutStateError, ensureFulfilled, type CommerceContext } from '../checkout/service.ts';
import { insertSubscriptionRecordOnce } from '../fulfilment/repository.ts';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  findSubscriptionRecordBySession,
  listSubscriptionRecords,
  updateSubscriptionRecord,
} from './repository.ts';
import {
  confirmSubscriptionBodySchema,
  subscriptionRecordInputSchema,
  subscriptionRecordSchema,
} from './schemas.ts';

const errorSchema = z.object({ error: z.string() });
/** Ids are 32-bit (PostgreSQL's serial): a larger number can name no record. */
const idParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647, 'non è l’id di un record'),
});
/**
 * These routes answer failures as `{ error }`, in Italian, as the Italian admin page shows
 * them (plugins/failure-texts.ts).
 */
const config = { errorBody: (error: string) => ({ error }), errorLanguage: 'it' as const };
const DUPLICATE_SESSION = 'Esiste già un subscription record con questo session_id';
const NO_SUCH_RECORD = 'Nessun subscription record con questo id';

class RecordError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** SQLite's and PostgreSQL's codes for a unique constraint violation. */
const isUniqueViolation = (error: unknown) =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(
    (error as { code?: string } | undefined)?.code ?? '',
  );

export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: CommerceContext }> = async (
  app,
  { ctx },
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
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if ('sessionId' in body) {
        // Never trusted from the browser: the session must be paid and hold a subscription.
        const session = await ensureFulfilled(ctx, body.sessionId);
        if (!session?.lines.some((line) => line.type === 'subscription')) {
          throw new CheckoutStateError('This purchase does not include a subscription', 409);
        }
        await insertSubscriptionRecordOnce(ctx.db, {
          userId: session.customer_id ?? (session.customer_email as string),
          email: session.customer_email as string,
          sessionId: body.sessionId,
        });
        const record = await findSubscriptionRecordBySession(ctx.db, body.sessionId);
        if (!record) throw new RecordError('The subscription record could not be created', 500);
        return reply.status(200).send(record);
      }
      await app.requireAdmin(request, reply);
      if (reply.sent) return reply;
      try {
        return reply.status(201).send(await createSubscriptionRecord(ctx.db, body));
      } catch (error) {
        if (isUniqueViolation(error)) throw new RecordError(DUPLICATE_SESSION, 409);
        throw error;
      }
    },
  );

  app.get(
    '/api/subscription-records',
    { ...admin, schema: { response: { 200: z.array(subscriptionRecordSchema) } } },
    async () => listSubscriptionRecords(ctx.db),
  );

  app.put(
    '/api/subscription-records/:id',
    {
      ...admin,
      schema: {
        params: idParams,
        body: subscriptionRecordInputSchema,
        response: { 200: subscriptionRecordSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      try {
        const record = await updateSubscriptionRecord(ctx.db, request.params.id, request.body);
        if (!record) throw new RecordError(NO_SUCH_RECORD, 404);
        return record;
      } catch (error) {
        if (isUniqueViolation(error)) throw new RecordError(DUPLICATE_SESSION, 409);
        throw error;
      }
    },
  );

  app.delete(
    '/api/subscription-records/:id',
    {
      ...admin,
      schema: { params: idParams, response: { 200: subscriptionRecordSchema, 404: errorSchema } },
    },
    async (request) => {
      const record = await deleteSubscriptionRecord(ctx.db, request.params.id);
      if (!record) throw new RecordError(NO_SUCH_RECORD, 404);
      return record;
    },
  );
};
