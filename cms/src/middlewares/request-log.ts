/**
 * One log line per request (docs/reliability.md#telemetry-and-health), in place of Strapi's
 * own `strapi::logger`: the same words (`GET /api/faqs (12 ms) 200`), with the trace of the
 * caller (the storefront's or the commerce service's `traceparent`) as `trace_id`, so that the
 * CMS's lines are found from a trace although the CMS makes no spans itself.
 */
import type { Core } from '@strapi/strapi';
import { callerTraceIds } from '@aba-shop/service-kit/caller-trace-ids';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }): Core.MiddlewareHandler =>
  async (ctx, next) => {
    const started = Date.now();
    await next();
    strapi.log.http(
      `${ctx.method} ${ctx.url} (${Math.ceil(Date.now() - started)} ms) ${ctx.status}`,
      callerTraceIds(ctx.get('traceparent')),
    );
  };
