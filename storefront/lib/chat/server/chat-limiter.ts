/**
 * The chat's per-visitor limit (ten messages a minute, ./chat-request.ts): counted in Redis when
 * the storefront has one, so that N replicas together allow what one does, with the process's
 * own count standing in while Redis cannot be reached (rate-limiter-flexible's insurance
 * limiter); else in the process's memory (./rate-limit.ts). Replicas: docs/scaling.md.
 */
import 'server-only';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createRateLimiter, type RateLimitDecision } from './rate-limit';

export interface AsyncRateLimiter {
  hit(key: string): Promise<RateLimitDecision>;
}

export function createChatLimiter(
  { limit, windowMs }: { limit: number; windowMs: number },
  shared: { redis: Redis; prefix: string } | null,
): AsyncRateLimiter {
  if (!shared) {
    const local = createRateLimiter({ limit, windowMs });
    return { hit: async (key) => local.hit(key) };
  }
  const options = { points: limit, duration: Math.ceil(windowMs / 1000) };
  const limiter = new RateLimiterRedis({
    ...options,
    storeClient: shared.redis,
    keyPrefix: `${shared.prefix}chat-limit`,
    insuranceLimiter: new RateLimiterMemory(options),
  });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        };
      }
    },
  };
}
