import type { RedisOptions } from 'ioredis';

/** A command that gets no answer within this long fails, and the caller goes on without it. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * How every service of the shop talks to the Redis its replicas share (docs/scaling.md): a
 * request never waits for it. Commands fail at once while it is unreachable (no offline queue,
 * no retries) or after REDIS_COMMAND_TIMEOUT_MS without an answer, and the client reconnects
 * for as long as the process runs, at most every 5 s.
 */
export const sharedRedisOptions: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
};
