/**
 * A sliding-window rate limit kept in memory: at most `limit` hits per key in any `windowMs`.
 * Each storefront process counts on its own, which is enough to stop one visitor from
 * running up the model bill; several replicas would each allow the full rate.
 */

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string): RateLimitDecision;
}

/** Above this many remembered keys, a hit first forgets the keys whose window has passed. */
const SWEEP_ABOVE_KEYS = 10_000;

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const hits = new Map<string, number[]>();

  return {
    hit(key) {
      const time = now();
      const since = time - windowMs;
      if (hits.size > SWEEP_ABOVE_KEYS) {
        for (const [other, times] of hits) {
          if (times.every((t) => t <= since)) hits.delete(other);
        }
      }
      const times = (hits.get(key) ?? []).filter((t) => t > since);
      if (times.length >= limit) {
        hits.set(key, times);
        // The oldest hit in the window is the first to leave it.
        const [oldest = time] = times;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - time) / 1000));
        return { allowed: false, retryAfterSeconds };
      }
      times.push(time);
      hits.set(key, times);
      return { allowed: true };
    },
  };
}
