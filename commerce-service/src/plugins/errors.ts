/**
 * Maps every failure to HTTP once. 4xx bodies say what was wrong; 5xx bodies never carry
 * internals (the error is logged with the request id instead). A route whose clients read
 * another shape than `{ message }` gives it as `config: { errorBody }`.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The JSON body of a failure on this route, from its message. Default `{ message }`. */
    errorBody?: (message: string) => Record<string, unknown>;
  }
}

function body(request: FastifyRequest, text: string, extra: Record<string, unknown> = {}) {
  const shape = request.routeOptions.config?.errorBody ?? ((message: string) => ({ message }));
  return { ...shape(text), ...extra };
}

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
      return reply.status(400).send(body(request, `Invalid ${where}: ${summary}`, { issues }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return reply.status(status).send(body(request, text));
    }
    request.log.error({ err: error }, 'request failed');
    const unavailable = status === 503;
    return reply
      .status(status >= 500 ? status : 500)
      .send(
        body(
          request,
          unavailable ? 'The service is temporarily unavailable' : 'Internal server error',
        ),
      );
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url}` }),
  );

  // Plugins that answer by themselves (CORS refuses a malformed preflight) send plain text;
  // their refusals get the same JSON shape as every other 4xx.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) return payload;
    if (!/^text\/plain\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(body(request, String(payload)));
  });
});
