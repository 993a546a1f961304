/**
 * The storefront's server-side configuration, parsed once from the environment.
 * Only server code imports this file; nothing here reaches the browser bundle.
 */
import 'server-only';
import { z } from 'zod';
import { downloadLinkTtlHoursSchema } from '@aba-shop/contract';
import { redisPrefixSchema, redisUrlSchema } from '@aba-shop/service-kit/redis-settings';
import { otlpEndpointSchema, otlpHeadersSchema } from '@aba-shop/service-kit/otlp-settings';
import { sentryDsnSchema } from '@aba-shop/service-kit/error-reports';
import { parseSettings } from '@aba-shop/service-kit/settings';
import { trustedProxiesSetting } from '@aba-shop/service-kit/trusted-proxies';
import { META_PIXEL_ID_PATTERN, META_PIXEL_ID_RULE } from './security/meta-pixel-setting.mjs';

const url = () => z.url({ error: 'must be an absolute URL such as http://127.0.0.1:1337' });
const secret = z.string().min(16, 'must be at least 16 characters');

/** The same reading as the server's (server.mjs), so a value it would refuse is named here too. */
const trustedProxies = z.string().transform(trustedProxiesSetting);

export const storefrontConfigSchema = z.object({
  CMS_URL: url().default('http://127.0.0.1:1337'),
  // The CMS admin's address in the browser, when it differs from CMS_URL (inside compose):
  // its preview panel frames blog posts, so that origin (and no other) may frame them.
  CMS_PUBLIC_URL: url().optional(),
  COMMERCE_URL: url().default('http://127.0.0.1:4000'),
  SITE_URL: url().default('http://127.0.0.1:3000'),
  CMS_REVALIDATE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Redis, shared by every replica (docs/scaling.md): the chat's per-visitor limit is counted
  // there and the page and data cache kept there. Unset: each process counts and caches on
  // its own, which is right for one.
  REDIS_URL: redisUrlSchema,
  // What every key the storefront writes in Redis starts with, so environments can share one.
  REDIS_PREFIX: redisPrefixSchema,
  // The commerce service's setting (one .env serves both): the chat tells a buyer how long a
  // download link works.
  DOWNLOAD_LINK_TTL_HOURS: downloadLinkTtlHoursSchema,
  // Shared with the CMS: its publish webhook and its draft-preview links carry them.
  REVALIDATE_SECRET: secret.optional(),
  PREVIEW_SECRET: secret.optional(),
  // The chat assistant's model: the full URL of an OpenAI-compatible chat completions
  // endpoint. Unset, the assistant answers with its canned replies.
  CHAT_API_URL: url().optional(),
  // Sent as a bearer token, from the server only; local model servers often need none.
  CHAT_API_KEY: z.string().optional(),
  CHAT_MODEL: z.string().default('gpt-4o-mini'),
  // The proxies in front of the storefront whose X-Forwarded-For and X-Forwarded-Proto are
  // believed (server.mjs). None by default: the socket's peer is the visitor, whatever
  // headers it sends. Not TRUST_PROXY, which the commerce service reads (one .env serves
  // both): that one must keep trusting the storefront.
  TRUSTED_PROXIES: trustedProxies.default([]),
  // Where traces go by OTLP over HTTP, and the headers a hosted service asks for (its key);
  // unset, no span is made or sent (server.mjs starts tracing, docs/reliability.md).
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointSchema,
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeadersSchema,
  // A Sentry-compatible project's DSN, where unforeseen server errors are reported
  // (instrumentation.ts); unset, nothing is sent. The commerce service's setting too.
  SENTRY_DSN: sentryDsnSchema,
  // The ad pixel's id, read when the server starts rather than built into the pages
  // (docs/adr/0041-the-pixel-id-read-at-run-time.md). Unset: no pixel, no cookie banner and no
  // Meta host in the security policy. Set: the browser learns it from /tracking-settings and
  // server.mjs lets Meta's hosts into the policy (it reads the variable the same way).
  META_PIXEL_ID: z.string().regex(META_PIXEL_ID_PATTERN, META_PIXEL_ID_RULE).optional(),
});

export type StorefrontConfig = z.infer<typeof storefrontConfigSchema>;

export function parseStorefrontConfig(env: Record<string, string | undefined>): StorefrontConfig {
  return parseSettings(storefrontConfigSchema, env);
}

let parsed: StorefrontConfig | undefined;

export function storefrontConfig(): StorefrontConfig {
  parsed ??= parseStorefrontConfig(process.env);
  return parsed;
}
