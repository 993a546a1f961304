/**
 * The service's configuration, parsed once from the environment at start.
 * Nothing else in the service reads process.env.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { downloadLinkTtlHoursSchema, SUPPORT_EMAIL_DEFAULT } from '@aba-shop/contract';
import { redisPrefixSchema, redisUrlSchema } from '@aba-shop/service-kit/redis-settings';
import { parseSettings } from '@aba-shop/service-kit/settings';
import { sentryDsnSchema } from '@aba-shop/service-kit/error-reports';
import {
  otlpEndpointSchema,
  otlpHeadersSchema,
  traceSampleRatioSchema,
} from '@aba-shop/service-kit/otlp-settings';
import { trustedProxiesSetting } from '@aba-shop/service-kit/trusted-proxies';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const PORT_ERROR = 'must be a port number from 0 to 65535';
const port = z.coerce
  .number({ error: PORT_ERROR })
  .int(PORT_ERROR)
  .min(0, PORT_ERROR)
  .max(65535, PORT_ERROR);
const url = () => z.url({ error: 'must be an absolute URL such as http://127.0.0.1:3000' });
const email = () => z.email({ error: 'must be an e-mail address' });

/** `product-id=value,product-id=value`, as for the per-product Stripe prices and payment links. */
const productMap = (valuePattern: RegExp, what: string) =>
  z
    .string()
    .transform((text, context) => {
      const entries = text
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => pair.split('='));
      const bad = entries.find(
        ([id, value, ...rest]) => !id || !value || rest.length > 0 || !valuePattern.test(value),
      );
      if (bad) {
        context.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of product-id=${what}; "${bad.join('=')}" is not`,
        });
        return z.NEVER;
      }
      return Object.fromEntries(entries) as Record<string, string>;
    })
    .default({});

/** How many megabytes a folder of kept files may hold before the least recently used go. */
const cacheMegabytes = () =>
  z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1 (megabyte)')
    .max(1_048_576, 'must be at most 1048576 (a terabyte)');

/** Fastify's `trustProxy`: the proxies to believe, read as every service reads them. */
const trustedProxies = z.string().transform(trustedProxiesSetting);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4000),
  /**
   * The Prometheus endpoint's own port (GET /metrics), on HOST beside the API and never routed
   * by the public front (docs/reliability.md#telemetry-and-health). Unset: no metrics at all.
   */
  METRICS_PORT: port.optional(),
  /**
   * Where traces go by OTLP over HTTP (a collector, or a hosted service's OTLP address);
   * unset, no span is made or sent (docs/reliability.md#telemetry-and-health).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointSchema,
  /** Headers for that endpoint, `name=value,…` (a hosted service's key): never logged. */
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeadersSchema,
  /** The share of traces kept that start here (direct API calls), 0 to 1; all by default. */
  OTEL_TRACES_SAMPLER_ARG: traceSampleRatioSchema,
  /** A Sentry-compatible DSN: server errors and crashes are reported there. Unset: nowhere. */
  SENTRY_DSN: sentryDsnSchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(repositoryRoot, '.data')),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  STOREFRONT_URL: url().default('http://127.0.0.1:3000'),
  /** Per-client request limits; only a load benchmark turns them off. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Redis, shared by every replica (docs/scaling.md): the per-client request limits are
   * counted there, so N replicas together allow what one does. Unset: each process counts
   * its own, which is right for one.
   */
  REDIS_URL: redisUrlSchema,
  /** What every key this service writes in Redis starts with, so environments can share one. */
  REDIS_PREFIX: redisPrefixSchema,
  /**
   * The peers whose X-Forwarded-For and X-Forwarded-Proto are believed: the storefront, which
   * forwards the browser's /api/* requests. Without this every visitor would share the
   * storefront's address, and one of them could use up everyone's request limits.
   */
  TRUST_PROXY: trustedProxies.default(['loopback']),

  // Payments: Stripe when a secret key is set, the built-in local test checkout otherwise.
  /**
   * A staging shop in production that sells through the test checkout, charging nothing:
   * without it production refuses to start with no Stripe key (src/production-settings.ts).
   */
  ALLOW_TEST_CHECKOUT: z.stringbool({ error: 'must be true or false' }).default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Another Stripe API address (tests point the SDK at a fake Stripe). */
  STRIPE_API_URL: url().optional(),
  /**
   * A staging shop in production that talks to a Stripe stand-in at STRIPE_API_URL, with a test
   * key: without it production refuses STRIPE_API_URL (src/production-settings.ts, ADR 0011).
   */
  ALLOW_STRIPE_STAND_IN: z.stringbool({ error: 'must be true or false' }).default(false),
  PRODUCT_STRIPE_PRICES: productMap(/^price_\w+$/, 'price_…'),
  PRODUCT_PAYMENT_LINKS: productMap(/^https:\/\/\S+$/, 'https://… payment link'),
  /**
   * Where a buyer pays through Stripe: on Stripe's hosted page, or in Stripe's embedded Checkout
   * on the shop's own pay page (docs/product.md#embedded-checkout, ADR 0017). The local test
   * checkout keeps its own page either way.
   */
  STRIPE_CHECKOUT_UI: z
    .enum(['hosted', 'embedded'], { error: 'must be hosted or embedded' })
    .default('hosted'),
  /** Stripe's publishable key, which the pay page hands to Stripe.js: embedded Checkout needs it. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),

  // What checkout asks and charges (docs/product.md#checkout-consent-and-charges).
  /**
   * The buyer accepts the terms and asks for immediate delivery, giving up the right of
   * withdrawal, before paying: required by Stripe Checkout and by the test checkout.
   */
  CHECKOUT_TERMS_CONSENT: z.stringbool({ error: 'must be true or false' }).default(true),
  /** Stripe Tax computes tax from the buyer's address, which Checkout then asks for. */
  STRIPE_AUTOMATIC_TAX: z.stringbool({ error: 'must be true or false' }).default(false),
  /** Checkout offers a field for the promotion codes made in Stripe's dashboard. */
  STRIPE_PROMOTION_CODES: z.stringbool({ error: 'must be true or false' }).default(true),
  /** Stripe issues an invoice for each one-time payment (a subscription's always has one). */
  STRIPE_INVOICES: z.stringbool({ error: 'must be true or false' }).default(false),
  /**
   * Submit a dispute's evidence to Stripe as soon as the dispute arrives, instead of when an
   * administrator presses 'Invia le prove' (docs/product.md#disputes).
   */
  DISPUTE_EVIDENCE_AUTO_SUBMIT: z.stringbool({ error: 'must be true or false' }).default(false),
  /** The test checkout's promotion codes: `CODE=percent,…` (e.g. `WELCOME10=10`). */
  TEST_PROMOTION_CODES: z
    .string()
    .transform((text, context) => {
      const codes: Record<string, number> = {};
      for (const pair of text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        const match = /^([A-Za-z0-9_-]{1,64})=(\d{1,3})$/.exec(pair);
        const percent = Number(match?.[2]);
        if (!match || percent < 1 || percent > 100) {
          context.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of CODE=percent (1 to 100), e.g. WELCOME10=10; "${pair}" is not`,
          });
          return z.NEVER;
        }
        codes[(match[1] as string).toUpperCase()] = percent;
      }
      return codes;
    })
    .default({}),

  // Downloads
  DOWNLOAD_SIGNING_SECRET: z
    .string({
      error: 'is required (a random value of at least 32 characters; npm start generates one)',
    })
    .min(32, 'must be at least 32 characters'),
  DOWNLOAD_LINK_TTL_HOURS: downloadLinkTtlHoursSchema,
  ASSETS_DIR: z.string().min(1).optional(),

  // Stamped PDFs (docs/product.md#stamped-pdfs): where the stamped copies are kept, and how
  // many megabytes of them at most before the least recently used go.
  STAMPED_PDF_DIR: z.string().min(1).optional(),
  STAMPED_PDF_CACHE_MB: cacheMegabytes().default(1024),

  // Member resources (docs/product.md#member-resources): the CMS they are read from, the secret
  // shared with it, and where their files are kept (at most MEMBER_FILES_CACHE_MB megabytes,
  // the least recently used out first).
  CMS_URL: url().default('http://127.0.0.1:1337'),
  /** Unset: the shop reads no member resource (npm start generates one, production needs one). */
  MEMBER_CONTENT_SECRET: z
    .string({ error: "must be a random value of at least 32 characters, the same as the CMS's" })
    .min(32, 'must be at least 32 characters')
    .optional(),
  MEMBER_FILES_DIR: z.string().min(1).optional(),
  MEMBER_FILES_CACHE_MB: cacheMegabytes().default(2048),

  // Sign-in
  BETTER_AUTH_SECRET: z
    .string({
      error: 'is required (a random value of at least 32 characters; npm start generates one)',
    })
    .min(32, 'must be at least 32 characters'),
  /** E-mail addresses (comma-separated, any case) whose accounts are administrators. */
  ADMIN_EMAILS: z
    .string()
    .default('admin@example.com')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OpenID configuration; tests point it at a local OpenID Connect provider. */
  GOOGLE_DISCOVERY_URL: url().default(
    'https://accounts.google.com/.well-known/openid-configuration',
  ),

  // Mail: SMTP when SMTP_URL is set, .eml files in MAIL_OUTBOX_DIR otherwise.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('ABA Parent Guides <no-reply@abaparentguides.com>'),
  OWNER_EMAIL: email().default('support@abaparentguides.com'),
  SUPPORT_EMAIL: email().default(SUPPORT_EMAIL_DEFAULT),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),

  // Keeping in touch (docs/product.md#keeping-in-touch): how often the schedule's due messages
  // are sent, how fast an issue goes out, and the checkout reminder's delay (unset: none).
  SCHEDULED_MESSAGES_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  NEWSLETTER_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  CHECKOUT_RECOVERY_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute (unset it to send no reminders)')
    .max(30 * 24 * 60, 'must be at most 30 days in minutes')
    .optional(),
});

/** The settings that depend on each other, checked once each one is valid by itself. */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (
    config.METRICS_PORT !== undefined &&
    config.METRICS_PORT !== 0 &&
    config.METRICS_PORT === config.PORT
  ) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT: the metrics have a listener of their own',
    });
  }
  // Embedded Checkout runs Stripe.js in the browser, which cannot start without this key.
  if (
    config.STRIPE_CHECKOUT_UI === 'embedded' &&
    config.STRIPE_SECRET_KEY &&
    !config.STRIPE_PUBLISHABLE_KEY
  ) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message:
        'is required with STRIPE_CHECKOUT_UI=embedded: set the publishable key (pk_…) from the Stripe dashboard of STRIPE_SECRET_KEY',
    });
  }
});

export type Config = Omit<z.infer<typeof configSchema>, 'ASSETS_DIR' | 'MAIL_OUTBOX_DIR'> & {
  /** Absolute path of the SQLite file used when DATABASE_URL is not set. */
  sqliteFile: string;
  /** Where the eBook files are read from (generated samples by default). */
  ASSETS_DIR: string;
  /** Where mail is written as .eml files when SMTP_URL is not set. */
  MAIL_OUTBOX_DIR: string;
  /** Where the stamped copies of the PDFs are kept (beside the assets by default). */
  STAMPED_PDF_DIR: string;
  /** Where the member resources' files fetched from the CMS are kept. */
  MEMBER_FILES_DIR: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one ConfigError naming the variable and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const settings = parseSettings(checkedConfigSchema, env, (message) => new ConfigError(message));
  const dataDir = path.resolve(settings.DATA_DIR);
  return {
    ...settings,
    DATA_DIR: dataDir,
    sqliteFile: path.join(dataDir, 'commerce.sqlite'),
    ASSETS_DIR: path.resolve(settings.ASSETS_DIR ?? path.join(dataDir, 'assets')),
    MAIL_OUTBOX_DIR: path.resolve(settings.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'mail')),
    STAMPED_PDF_DIR: path.resolve(settings.STAMPED_PDF_DIR ?? path.join(dataDir, 'stamped-pdfs')),
    MEMBER_FILES_DIR: path.resolve(settings.MEMBER_FILES_DIR ?? path.join(dataDir, 'member-files')),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
