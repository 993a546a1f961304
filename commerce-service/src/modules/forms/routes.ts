import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { contactResponseSchema } from '@aba-shop/contract';
import { submitContactForm, type FormsDependencies } from './service.ts';

const SENT = 'Thank you! Your message has been sent. We reply within 24 hours.';

export const formRoutes: ModuleRoutes<FormsDependencies> = async (app, { deps }) => {
  app.post(
    '/api/forms/submit',
    {
      schema: {
        summary: 'The contact form: stored, then the shop owner is notified by e-mail',
        // Parsed by the service, so that every field error can be reported at once.
        body: z.record(z.string(), z.unknown()),
        response: {
          200: contactResponseSchema,
          400: contactResponseSchema,
          429: contactResponseSchema,
        },
      },
      config: {
        rateLimit: { max: 20, timeWindow: '10 minutes' },
        // The contact page reads { success, message } from every answer (docs/product.md#api).
        errorBody: 'form',
      },
    },
    async (request) => {
      await submitContactForm(deps, request.body);
      return { success: true, message: SENT };
    },
  );
};
