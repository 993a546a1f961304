import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { consentRecordBodySchema, consentRecordSchema } from '@aba-shop/contract';
import { recordConsent, type ConsentsDependencies } from './service.ts';

/** The cookie banner's answers (docs/product.md#cookie-consent). */
export const consentRoutes: ModuleRoutes<ConsentsDependencies> = async (app, { deps }) => {
  app.post(
    '/api/consents',
    {
      schema: {
        summary:
          'Keeps an answer to the cookie banner: the choice, the text version and when, with the signed-in user if any',
        body: consentRecordBodySchema,
        response: {
          201: consentRecordSchema,
          400: failureBodySchema.message,
          429: failureBodySchema.message,
        },
      },
      // A visitor answers a few times at most; more is a script filling the table.
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordConsent(deps, request.body, await app.currentUser(request))),
  );
};
