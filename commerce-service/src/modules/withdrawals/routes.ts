import { NotSignedInError } from '../../domain-errors.ts';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  myWithdrawalContractsSchema,
  withdrawableContractSchema,
  withdrawalBodySchema,
  withdrawalConfirmationBodySchema,
  withdrawalContractBodySchema,
  withdrawalReceiptSchema,
  withdrawalRefusalSchema,
} from '@aba-shop/contract';
import {
  confirmWithdrawal,
  listMyWithdrawalContracts,
  listWithdrawalsForSupport,
  previewWithdrawal,
  withdraw,
  type WithdrawalsDependencies,
} from './service.ts';

/**
 * The withdrawal function (docs/product.md#withdrawal): the consumer's two steps, a signed-in
 * member's contracts, and support's list. A refusal answers `{ message, reason, at }`, in the
 * language the request names. The retry of refunds the payment provider could not make at once
 * is one of the shop's jobs (src/jobs.ts).
 */
export const withdrawalRoutes: ModuleRoutes<WithdrawalsDependencies> = async (app, { deps }) => {
  // Both steps name a contract by its reference and address: few tries per client, so nobody
  // can sweep references for a known address.
  const limited = { rateLimit: { max: 20, timeWindow: '10 minutes' } };
  const refusals = {
    400: failureBodySchema.message,
    404: failureBodySchema.message,
    409: withdrawalRefusalSchema,
  };

  app.get(
    '/api/withdrawals/contracts',
    {
      schema: {
        summary: "The signed-in member's memberships and whether each can still be withdrawn from",
        response: { 200: myWithdrawalContractsSchema, 401: failureBodySchema.message },
      },
    },
    async (request) => {
      const user = await app.currentUser(request);
      if (!user) throw new NotSignedInError('Sign in to see your memberships');
      return listMyWithdrawalContracts(deps, user);
    },
  );

  app.post(
    '/api/withdrawals/preview',
    {
      config: limited,
      schema: {
        summary:
          'Names a contract to withdraw from: what it is, or why it cannot be withdrawn from',
        body: withdrawalContractBodySchema,
        response: { 200: withdrawableContractSchema, ...refusals },
      },
    },
    async (request) => previewWithdrawal(deps, request.body, await app.currentUser(request)),
  );

  app.post(
    '/api/withdrawals',
    {
      config: limited,
      schema: {
        summary:
          "Withdraws from a membership within 14 days: records it and e-mails the acknowledgement; signed in as its buyer, ends and refunds it at once (or by the retry while the provider is unavailable); signed out, it takes effect when confirmed from the link e-mailed to the order's address",
        body: withdrawalBodySchema,
        response: { 201: withdrawalReceiptSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await withdraw(deps, request.body, await app.currentUser(request), request.log)),
  );

  app.post(
    '/api/withdrawals/confirmation',
    {
      config: limited,
      schema: {
        summary:
          "The single-use link e-mailed to the order's address: a withdrawal asked signed out takes effect, as received when it was asked",
        body: withdrawalConfirmationBodySchema,
        response: {
          200: withdrawalReceiptSchema,
          403: failureBodySchema.message,
          404: failureBodySchema.message,
          409: withdrawalRefusalSchema,
          410: failureBodySchema.message,
        },
      },
    },
    async (request) => confirmWithdrawal(deps, request.body.token, request.log),
  );

  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: app.requireAdmin,
      config: { errorBody: 'error', errorLanguage: 'it' },
      schema: {
        summary: "Withdrawals newest first, or one order's (orderId)",
        querystring: adminWithdrawalQuerySchema,
        response: { 200: adminWithdrawalListSchema },
      },
    },
    async (request) => listWithdrawalsForSupport(deps, request.query),
  );
};
