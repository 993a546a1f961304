/**
 * The settings that name the Redis every replica shares (docs/scaling.md), read by the
 * commerce service's and the storefront's configurations alike.
 */
import { z } from 'zod';

/** REDIS_URL: unset, each process counts and caches on its own, which is right for one. */
export const redisUrlSchema = z
  .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
  .optional();
/** REDIS_PREFIX: what every key the shop writes starts with, so environments can share one. */
export const redisPrefixSchema = z.string().min(1).max(100).default('aba:');
