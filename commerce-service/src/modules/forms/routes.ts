import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactResponseSchema, contactSubmissionSchema } from './schemas.ts';
import {
  MESSAGES_PER_ADDRESS_PER_HOUR,
  recentSubmissionCount,
  submitContactForm,
} from './service.ts';

const SENT = 'Thank you! Your message has been sent. We reply within 24 hours.';

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/forms/submit',
    {
      schema: {
        summary: 'The contact form: stored, then the shop owner is notified by e-mail',
        // Parsed in the handler so that every field error can be reported at once.
        body: z.record(z.string(), z.unknown()),
        response: {
          200: contactResponseSchema,
          400: contactResponseSchema,
          429: contactResponseSchema,
        },
      },
      config: {
        rateLimit: { max: 20, timeWindow: '10 minutes' },
        // The contact page reads { success, message } from every answer (spec §7).
        errorBody: (message: string) => ({ success: false, message }),
      },
    },
    async (request, reply) => {
      const parsed = contactSubmissionSchema.safeParse(request.body);
      if (!parsed.success) {
        const errors = Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message]),
        );
        return reply.status(400).send({
          success: false,
          message: `Please correct the form: ${Object.values(errors).join('; ')}`,
          errors,
        });
      }
      // A bot filled in the hidden field: answer as if sent, keep nothing.
      if (parsed.data.website) return { success: true, message: SENT };
      const email = parsed.data.email.toLowerCase();
      if ((await recentSubmissionCount(app.db, email)) >= MESSAGES_PER_ADDRESS_PER_HOUR) {
        return reply.status(429).send({
          success: false,
          message:
            'You have sent several messages in the last hour. Please wait a little before sending another.',
        });
      }
      await submitContactForm(app.db, app.config, parsed.data);
      return { success: true, message: SENT };
    },
  );
};
