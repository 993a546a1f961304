/**
 * A pass a module runs on every instance, when the service is ready and then on a timer (the
 * retries of refunds the payment provider could not make at once): one pass at a time per
 * instance, since a slow provider can make a pass outlast the interval, and the last pass
 * awaited when the service closes.
 */
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  { everyMs, pass, what }: { everyMs: number; pass: () => Promise<number>; what: string },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let passing = false;
  const run = () => {
    if (passing) return;
    passing = true;
    running = pass()
      .then((done) => {
        if (done > 0) app.log.info({ done }, `${what} made`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => (passing = false));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
