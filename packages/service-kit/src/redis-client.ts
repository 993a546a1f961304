/**
 * How every service of the shop talks to the Redis its replicas share (docs/scaling.md; the
 * settings are in ./redis-settings.ts): one client per process, for which a request never
 * waits. Commands fail at once while Redis is unreachable (no offline queue, no retries) or
 * after COMMAND_TIMEOUT_MS without an answer; the client reconnects for as long as the process
 * runs, at most every 5 s; an outage is reported once, and its end once.
 */
import { Redis } from 'ioredis';

/** A command that gets no answer within this long fails, and the caller goes on without it. */
const COMMAND_TIMEOUT_MS = 500;
/** How long a service's start waits for Redis before serving without it. */
const READY_WAIT_MS = 2_000;

/** The shared client; `onDown` hears the first error of an outage, `onBack` its end. */
export function connectSharedRedis(
  url: string,
  report: { onDown(error: Error): void; onBack(): void },
): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    report.onDown(error);
  });
  redis.on('ready', () => {
    if (down) report.onBack();
    down = false;
  });
  return redis;
}

/**
 * Resolves once the client is ready, or after READY_WAIT_MS without it: served before Redis
 * answers, a service's first requests would go uncounted or uncached.
 */
export async function untilReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, READY_WAIT_MS);
    redis.once('ready', done);
  });
}
