import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { sendOpenedFile } from '../../send-file.ts';
import { resendForLibraryLink } from '../downloads/service.ts';
import {
  libraryFileKeySchema,
  libraryDevicesSchema,
  libraryOpenBodySchema,
  libraryOpenedSchema,
  libraryProgressBodySchema,
  libraryProgressSchema,
  librarySchema,
} from '@aba-shop/contract';
import {
  closeLibrarySession,
  libraryBuyer,
  libraryCookieName,
  libraryDevicesOf,
  libraryOf,
  openLibrarySession,
  saveProgress,
  signOutEveryLibraryDevice,
  streamLibraryFile,
  streamMemberFile,
  type LibraryDependencies,
} from './service.ts';

const resourcePart = z.string().regex(/^[\w-]{1,64}$/);

/** The buyer's library (docs/product.md#library), member resources included. */
export const libraryRoutes: ModuleRoutes<LibraryDependencies> = async (app, { deps }) => {
  const cookieName = libraryCookieName(deps.config);
  const secure = cookieName.startsWith('__Host-');
  const cookieOptions = { path: '/', httpOnly: true, secure, sameSite: 'lax' } as const;
  const buyerOf = async (request: FastifyRequest) =>
    libraryBuyer(deps, {
      user: await app.currentUser(request),
      cookie: request.cookies[cookieName],
    });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.post(
    '/api/library/session',
    {
      schema: {
        summary:
          'Opens the library a library link grants on this device: a cookie for the library alone, not a sign-in',
        body: libraryOpenBodySchema,
        response: {
          200: libraryOpenedSchema,
          400: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
      // A person opens a link now and then; more is someone trying tokens.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const opened = await openLibrarySession(deps, {
        token: request.body.token,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(cookieName, opened.cookie, {
        ...cookieOptions,
        maxAge: opened.maxAgeSeconds,
      });
      return noStore(reply).send({ email: opened.email });
    },
  );

  app.post(
    '/api/library/link-renewal',
    {
      schema: {
        summary:
          "E-mails the buyer of an expired library link's order a fresh one, within 'E-mail my links' hourly share",
        body: libraryOpenBodySchema,
        response: {
          202: failureBodySchema.message,
          400: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await resendForLibraryLink(deps, request.body.token);
      // The same answer whatever the order: the mail goes to its buyer alone.
      return reply.status(202).send({
        message: 'A new library link is on its way to the address this one was sent to.',
      });
    },
  );

  app.get(
    '/api/library/devices',
    {
      schema: {
        summary:
          "The devices a library link opened for the caller's address (signed in, or this device's library link)",
        response: {
          200: libraryDevicesSchema,
          401: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
    },
    async (request, reply) =>
      noStore(reply).send(
        await libraryDevicesOf(deps, await buyerOf(request), request.cookies[cookieName]),
      ),
  );

  app.post(
    '/api/library/sign-out-everywhere',
    {
      schema: {
        summary:
          "Retires every library link the caller's address was sent and signs out every device they opened, this one included",
        response: {
          200: failureBodySchema.message,
          401: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
    },
    async (request, reply) => {
      await signOutEveryLibraryDevice(deps, await buyerOf(request));
      reply.clearCookie(cookieName, cookieOptions);
      return noStore(reply).send({
        message:
          'Every library link we sent you and every device they opened are signed out. Ask for a new link by e-mail to open your library again.',
      });
    },
  );

  app.delete(
    '/api/library/session',
    {
      schema: {
        summary: "Closes this device's library session",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await closeLibrarySession(deps, request.cookies[cookieName]);
      reply.clearCookie(cookieName, cookieOptions);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/library',
    {
      schema: {
        summary:
          "What the caller owns, with where each file was left (signed in, or this device's library link)",
        response: {
          200: librarySchema,
          401: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
    },
    async (request, reply) => noStore(reply).send(await libraryOf(deps, await buyerOf(request))),
  );

  app.post(
    '/api/library/progress',
    {
      schema: {
        summary:
          'Keeps the page or second the caller reached in a file they own (JSON, or a form from a page being left)',
        body: libraryProgressBodySchema,
        response: {
          200: libraryProgressSchema,
          400: failureBodySchema.message,
          401: failureBodySchema.message,
          403: failureBodySchema.message,
        },
      },
      // Saves come every few seconds while reading or listening, and on pause and seek.
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      noStore(reply).send(await saveProgress(deps, await buyerOf(request), request.body)),
  );

  app.get(
    '/api/library/files/:fileKey',
    {
      schema: {
        summary:
          "A file the caller owns, for the library's reader or player: inline, by ranges, not counted as a download",
        params: z.object({ fileKey: libraryFileKeySchema }),
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendOpenedFile(
        reply,
        await streamLibraryFile(
          deps,
          await buyerOf(request),
          { fileKey: request.params.fileKey, range: request.headers.range },
          request.log,
        ),
        'inline',
      ),
  );

  app.get(
    '/api/library/member-files/:resourceId/:fileId',
    {
      schema: {
        summary:
          "A member resource's file for a member the library knows: inline, by ranges, a worksheet stamped for them",
        params: z.object({ resourceId: resourcePart, fileId: resourcePart }),
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendOpenedFile(
        reply,
        await streamMemberFile(
          deps,
          await buyerOf(request),
          { ...request.params, range: request.headers.range },
          request.log,
        ),
        'inline',
      ),
  );
};
