/**
 * The storefront server's log (docs/reliability.md#telemetry-and-health): one JSON line per
 * entry on the console, as the commerce service writes its own, with the trace id of the
 * request being answered when tracing is on. Called as console.error is, so that a caller
 * passing a `log` function can be given either.
 */
import { activeTraceIds } from '@aba-shop/service-kit/trace-ids';

type Level = 'info' | 'warn' | 'error';

/** An error as a log line can carry it: its name, message and stack, nothing it references. */
const errorFields = (error: Error) => ({
  name: error.name,
  message: error.message,
  ...(error.stack ? { stack: error.stack } : {}),
});

export function serverLogLine(level: Level, parts: unknown[]): string {
  const words = parts.filter((part) => !(part instanceof Error)).map(String);
  const error = parts.find((part): part is Error => part instanceof Error);
  return JSON.stringify({
    time: new Date().toISOString(),
    level,
    service: 'storefront',
    msg: words.join(' '),
    ...(error ? { err: errorFields(error) } : {}),
    ...activeTraceIds(),
  });
}

const write =
  (level: Level) =>
  (...parts: unknown[]): void =>
    console[level](serverLogLine(level, parts));

export const serverLog = { info: write('info'), warn: write('warn'), error: write('error') };
