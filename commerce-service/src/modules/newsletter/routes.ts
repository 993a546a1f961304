import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  newsletterConfirmBodySchema,
  newsletterConfirmResponseSchema,
  newsletterSignUpBodySchema,
  newsletterSignUpResponseSchema,
  newsletterUnsubscribeResponseSchema,
} from '@aba-shop/contract';
import { cmsSecretOf } from '../member-content/service.ts';
import {
  confirmSubscription,
  newsletterCounts,
  receiveIssueSignal,
  sendIssuePreview,
  signUp,
  unsubscribe,
  type NewsletterDependencies,
} from './service.ts';

/** The CMS's webhook carries the whole entry, a long body included. */
const SIGNAL_BODY_LIMIT_BYTES = 1024 * 1024;

const tokenQuery = z.object({ token: z.string().min(1, 'token is required').max(1024) });
const issueContent = z.object({
  documentId: z.string().max(64).optional(),
  subject: z.string().trim().min(1, 'subject is required').max(255),
  previewLine: z.string().max(255).nullable(),
  body: z.string().trim().min(1, 'body is required').max(50_000),
  buttonLabel: z.string().max(100).nullable(),
  buttonUrl: z
    .url({ protocol: /^https?$/, error: 'buttonUrl must be a web address' })
    .max(2048)
    .nullable(),
});

/**
 * The newsletter (docs/product.md#keeping-in-touch): the visitor's sign-up, confirmation and
 * unsubscribe, and the CMS's publication, preview and counts (with the shared secret).
 */
export const newsletterRoutes: ModuleRoutes<NewsletterDependencies> = async (app, { deps }) => {
  app.post(
    '/api/newsletter/subscribers',
    {
      schema: {
        summary: 'Sign up for the newsletter: a confirmation link is e-mailed (double opt-in)',
        body: newsletterSignUpBodySchema,
        response: {
          202: newsletterSignUpResponseSchema,
          400: failureBodySchema.message,
          429: failureBodySchema.message,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const message = await signUp(deps, request.body);
      return reply.status(202).send({ message });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        summary: "The confirmation link's token: the address joins the list",
        body: newsletterConfirmBodySchema,
        response: {
          200: newsletterConfirmResponseSchema,
          400: failureBodySchema.message,
          404: failureBodySchema.message,
        },
      },
      // No limit of its own: the storefront's server confirms for every visitor (a signed token
      // cannot be guessed), so the per-client count would be the whole shop's.
    },
    async (request) => confirmSubscription(deps, request.body.token),
  );

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click`, as a form or multipart; the
  // body says nothing the token does not, so a multipart one is read as nothing.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
      payload.on('error', done);
    });
    scope.post(
      '/api/newsletter/unsubscribe',
      {
        schema: {
          summary:
            'One-click unsubscribe (RFC 8058) and the unsubscribe page: the newsletter and the scheduled messages stop',
          querystring: tokenQuery,
          response: {
            200: newsletterUnsubscribeResponseSchema,
            400: failureBodySchema.message,
            404: failureBodySchema.message,
          },
        },
      },
      async (request) => unsubscribe(deps, request.query.token),
    );
  });

  app.post(
    '/api/newsletter/issues/published',
    {
      bodyLimit: SIGNAL_BODY_LIMIT_BYTES,
      schema: {
        summary:
          "The CMS's webhook (with MEMBER_CONTENT_SECRET): an entry was published; a newsletter issue is sent",
        body: z.looseObject({
          event: z.string().min(1).max(100),
          model: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ queued: z.number().int() }),
          400: failureBodySchema.message,
          401: failureBodySchema.message,
        },
      },
    },
    async (request) => ({
      queued: await receiveIssueSignal(deps, cmsSecretOf(request.headers), request.body),
    }),
  );

  app.post(
    '/api/newsletter/issues/preview',
    {
      schema: {
        summary:
          "The CMS's 'Send me a preview' (with MEMBER_CONTENT_SECRET): the draft to the marketer",
        body: z.object({
          to: z.email('to must be an e-mail address').max(320),
          issue: issueContent,
        }),
        response: {
          202: z.object({ message: z.string() }),
          400: failureBodySchema.message,
          401: failureBodySchema.message,
        },
      },
    },
    async (request, reply) => {
      await sendIssuePreview(deps, cmsSecretOf(request.headers), request.body);
      return reply.status(202).send({ message: `Preview sent to ${request.body.to}` });
    },
  );

  app.get(
    '/api/newsletter/counts',
    {
      schema: {
        summary:
          "The CMS's Newsletter panel (with MEMBER_CONTENT_SECRET): the list and an issue's sending",
        querystring: z.object({
          issue: z
            .string()
            .regex(/^[\w-]{1,64}$/, 'issue must be a document id')
            .optional(),
        }),
        response: {
          200: z.object({
            subscribers: z.object({
              confirmed: z.number().int(),
              pending: z.number().int(),
              unsubscribed: z.number().int(),
            }),
            issue: z
              .object({
                recipients: z.number().int(),
                sent: z.number().int(),
                startedAt: z.string(),
              })
              .nullable(),
          }),
          400: failureBodySchema.message,
          401: failureBodySchema.message,
        },
      },
    },
    async (request) => newsletterCounts(deps, cmsSecretOf(request.headers), request.query.issue),
  );
};
