/**
 * Maps every failure to HTTP once. 4xx bodies say what was wrong; 5xx bodies never carry
 * internals (the error is logged with the request id instead).
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const where = error.validationContext ?? 'request';
      const first = issues[0];
      const summary = first ? `${first.path || where}: ${first.message}` : 'is invalid';
      return reply.status(400).send({ message: `Invalid ${where}: ${summary}`, issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 ? status : 500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url}` }),
  );
});
