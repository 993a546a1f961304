/** Builds the Fastify app: cross-cutting plugins first, then the feature modules. */
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { clientKeyOf } from './client-key.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { authPlugin } from './plugins/auth.ts';
import { adminOrderRoutes } from './modules/admin-orders/routes.ts';
import { salesRoutes } from './modules/sales/routes.ts';
import { funnelRoutes } from './modules/funnel/routes.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { nulCharactersPlugin } from './plugins/nul-characters.ts';
import { redisPlugin } from './plugins/redis.ts';
import { dbPlugin } from './plugins/db.ts';
import { failureTexts } from './failure-texts.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { createShopMetrics, metricsPlugin, type ShopMetrics } from './plugins/metrics.ts';
import { serverSpans } from './plugins/server-spans.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { seedCatalogue } from './modules/catalogue/service.ts';
import { createStripeClient, createStripeProvider } from './modules/checkout/providers.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { consentRoutes } from './modules/consents/routes.ts';
import { readBooks } from './modules/downloads/assets.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { createStampedPdfStore } from './modules/downloads/stamped-pdfs.ts';
import { formRoutes } from './modules/forms/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createLocalProvider } from './modules/local-checkout/provider.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { localCheckoutRoutes } from './modules/local-checkout/routes.ts';
import { createKeptFileStore } from './kept-files.ts';
import { createMemberContentSource } from './modules/member-content/cms-source.ts';
import { memberContentRoutes } from './modules/member-content/routes.ts';
import { createMailTransport, type SendMail } from './modules/mail/transport.ts';
import { createMailWorker, type MailWorker } from './modules/mail/worker.ts';
import { membershipRoutes } from './modules/memberships/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { registerShopGauges } from './modules/shop-health/gauges.ts';
import { shopHealthRoutes } from './modules/shop-health/routes.ts';
import { createCmsProbe } from './modules/shop-health/service.ts';
import { stampPdf } from './modules/downloads/stamp.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { runJobs, shopJobs } from './jobs.ts';
import { REQUEST_BODY_MAX_BYTES } from '@aba-shop/contract/constants';
import { activeTraceIds } from '@aba-shop/service-kit/trace-ids';
import { createErrorReporter, type ErrorReporter } from '@aba-shop/service-kit/error-reports';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
    metrics: ShopMetrics;
    /** Server errors go to SENTRY_DSN when set (docs/reliability.md#telemetry-and-health). */
    errorReporter: ErrorReporter;
  }
}

/** Download tokens and checkout ids in a path grant access, so logs show them masked. */
export function maskSecretsInPath(url: string): string {
  return url.replace(/^(\/api\/(?:downloads|checkout\/local))\/[^/?]+/, '$1/[redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: maskSecretsInPath(request.url), remoteAddress: request.ip };
}

export interface AppOptions {
  fastify?: FastifyServerOptions;
  /**
   * Run the shop's jobs (src/jobs.ts: the outbox, the schedule, the retries, the sweep) on
   * their timers; the server does, tests drive the passes (`app.mailWorker.runOnce()`, …).
   */
  runJobs?: boolean;
  /** Replaces the SMTP / .eml transport (tests). */
  sendMail?: SendMail;
  /** Told of every route as it is registered (the fuzz tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const spans = config.OTEL_EXPORTER_OTLP_ENDPOINT ? serverSpans() : undefined;
  const app = Fastify({
    ...(spans ? { serverFactory: spans.serverFactory } : {}),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    requestIdHeader: 'x-request-id',
    // The client's address and protocol as the storefront in front states them (request.ip,
    // request.protocol): the per-client limits and HSTS depend on them.
    trustProxy: config.TRUST_PROXY,
    // Signed download tokens are longer than the default 100-character path parameter.
    routerOptions: { maxParamLength: 1024 },
    genReqId: () => randomUUID(),
    // LOG_LEVEL=silent means no logger at all, not one that writes nothing per request.
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
            ],
            serializers: { req: serializeRequest },
            // Each line of a traced request carries its trace_id and span_id.
            mixin: activeTraceIds,
            // Readable lines while developing; JSON lines everywhere else.
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    ...options.fastify,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (spans) await app.register(spans.plugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  app.decorate(
    'errorReporter',
    createErrorReporter(config.SENTRY_DSN, {
      service: 'commerce-service',
      environment: config.NODE_ENV,
    }),
  );
  await app.register(errorsPlugin);
  const metrics = createShopMetrics();
  app.decorate('metrics', metrics);
  await app.register(metricsPlugin, { config, metrics });
  await app.register(securityHeadersPlugin);
  await app.register(cors, { origin: new URL(config.STOREFRONT_URL).origin, credentials: true });
  await app.register(sameOriginPlugin, { allowedOrigins: [new URL(config.STOREFRONT_URL).origin] });
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  await app.register(cookie);
  await app.register(nulCharactersPlugin);
  await app.register(redisPlugin, { config });
  if (config.RATE_LIMITS === 'on') {
    await app.register(rateLimit, {
      max: 600,
      timeWindow: '1 minute',
      // An IPv6 client by its /64, as every limit counts it (src/client-key.ts).
      keyGenerator: (request) => clientKeyOf(request.ip),
      // Counted in Redis when there is one, so replicas share the counts; while it cannot be
      // reached, requests go through rather than fail (the outage is logged by the plugin).
      ...(app.redis
        ? { redis: app.redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:`, skipOnError: true }
        : {}),
      // Thrown, so the errors plugin answers it in the route's own error shape.
      errorResponseBuilder: (request, context) => ({
        statusCode: context.statusCode,
        message: failureTexts(request).tooManyRequests(context),
      }),
    });
  }
  // The API's description is for the people who build the shop. A live shop does not hand
  // every visitor a map of its routes and their schemas (the storefront forwards /api/*).
  if (config.NODE_ENV !== 'production') {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'ABA Parent Guides commerce API',
          description:
            'Catalogue, checkout, fulfilment, downloads, contact form and subscription records.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }
  await app.register(dbPlugin, { config });
  await app.register(authPlugin);
  await seedCatalogue(app.db);

  // What the modules' services work with, in one object that every module is given: each
  // takes the part it declares (its service's `…Dependencies`).
  const deps = {
    db: app.db,
    config,
    books: readBooks(),
    provider: config.STRIPE_SECRET_KEY
      ? createStripeProvider(createStripeClient(config), config)
      : createLocalProvider(config),
    auth: app.auth,
    databaseReady: app.databaseReady,
    stampedPdfs: createStampedPdfStore({
      dir: config.STAMPED_PDF_DIR,
      maxBytes: config.STAMPED_PDF_CACHE_MB * 1024 * 1024,
      log: app.log,
      stamp: async (original, licence) => {
        const stamped = metrics.stampingSeconds.startTimer();
        try {
          return await stampPdf(original, licence);
        } finally {
          stamped();
        }
      },
    }),
    memberContent: createMemberContentSource(config, app.log),
    memberFiles: createKeptFileStore({
      dir: config.MEMBER_FILES_DIR,
      maxBytes: config.MEMBER_FILES_CACHE_MB * 1024 * 1024,
      extension: 'file',
      log: app.log,
      what: "a member resource's file",
    }),
    shopSignals: {
      redis: app.redis,
      cms: createCmsProbe(config.CMS_URL),
      webhookFailures: metrics.webhookFailures,
    },
  };
  const worker = createMailWorker(app.db, options.sendMail ?? createMailTransport(config), app.log);
  app.decorate('mailWorker', worker);
  app.addHook('onClose', () => worker.stop());
  const jobs = shopJobs(deps, worker, app.log);
  if (options.runJobs) runJobs(app, app.db, jobs);
  const healthDeps = { ...deps, jobs };
  if (config.METRICS_PORT !== undefined) registerShopGauges(metrics.registry, healthDeps);

  await app.register(healthRoutes, { deps });
  await app.register(catalogueRoutes, { deps });
  await app.register(checkoutRoutes, { deps });
  await app.register(localCheckoutRoutes, { deps });
  await app.register(orderRoutes, { deps });
  await app.register(membershipRoutes, { deps });
  await app.register(downloadRoutes, { deps });
  await app.register(libraryRoutes, { deps });
  await app.register(memberContentRoutes, { deps });
  await app.register(subscriptionRoutes, { deps });
  await app.register(adminOrderRoutes, { deps });
  await app.register(salesRoutes, { deps });
  await app.register(funnelRoutes, { deps });
  await app.register(shopHealthRoutes, { deps: healthDeps });
  await app.register(withdrawalRoutes, { deps });
  await app.register(consentRoutes, { deps });
  await app.register(formRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(privacyRoutes, { deps });
  await app.register(newsletterRoutes, { deps });
  await app.register(reviewRoutes, { deps });
  return app;
}
