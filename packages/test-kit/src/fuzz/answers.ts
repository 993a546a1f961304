/**
 * How many runs a fuzz suite makes, what counts as a bad answer, and the per-route table of
 * status codes that the suites print (docs/reliability.md quotes it).
 */
import type fc from 'fast-check';

/**
 * 2,000 in `npm test`: the commerce suites send some 130,000 requests at this count, under three
 * minutes of a two-core machine on PostgreSQL (docs/reliability.md#hostile-input-fuzzing).
 */
const MIN_RUNS = 2_000;

/**
 * Runs per route: 2,000, or more with FUZZ_RUNS. FUZZ_SEED and FUZZ_PATH replay a failure
 * as fast-check printed it.
 */
export function fuzzParameters(env: NodeJS.ProcessEnv = process.env): fc.Parameters<unknown> {
  const runs = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : MIN_RUNS;
  if (!Number.isInteger(runs) || runs < MIN_RUNS) {
    throw new Error(`FUZZ_RUNS must be a whole number of at least ${MIN_RUNS}`);
  }
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : undefined;
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error('FUZZ_SEED must be an integer');
  return {
    numRuns: runs,
    ...(seed === undefined ? {} : { seed }),
    ...(env.FUZZ_PATH ? { path: env.FUZZ_PATH } : {}),
  };
}

export interface Answer {
  method: string;
  status: number;
  contentType: string | undefined;
  body: string;
  /** The request's Accept header: a page may answer a browser that asked for HTML in HTML. */
  accept?: string;
}

/** Why an answer breaks the rules (no 5xx; every 4xx a JSON `{ error }` or `{ message }`). */
export function answerProblem(answer: Answer): string | undefined {
  const { status, contentType = '', body } = answer;
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (/^text\/html/.test(contentType) && /\btext\/html\b/.test(answer.accept ?? '')) {
    return undefined;
  }
  if (!/^application\/json/.test(contentType)) {
    return `answered ${status} as ${contentType || 'no content type'}, not JSON`;
  }
  // A HEAD answer has the GET answer's headers and no body.
  if (answer.method === 'HEAD') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`;
  }
  const { error, message } = (parsed ?? {}) as { error?: unknown; message?: unknown };
  const text = typeof error === 'string' ? error : message;
  if (typeof text !== 'string' || text.trim() === '') {
    return `answered ${status} with no error message: ${body.slice(0, 200)}`;
  }
  return undefined;
}

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
};
const ownKeys = (prototype: object) => Reflect.ownKeys(prototype).map(String).sort().join();
const keysAtStart = Object.entries(PROTOTYPES).map(([name, prototype]) => [
  name,
  ownKeys(prototype),
]);

/** Which built-in prototype a request managed to change (`__proto__` and friends), if any. */
export function pollutedPrototype(): string | undefined {
  return keysAtStart.find(
    ([name, keys]) => ownKeys(PROTOTYPES[name as keyof typeof PROTOTYPES]) !== keys,
  )?.[0];
}

/** Lines of a failure kept at the head of the table: fast-check's seed, path, counterexample. */
const FAILURE_LINES = 12;
/** A generated body can be long; the start of a line says enough to replay it by its seed. */
const FAILURE_LINE_CHARS = 1_000;

/**
 * Status codes per route, printed as one compact table, with the routes that failed first:
 * jest prints a file's console output before its failures, and a CI log cut short after the
 * table would otherwise not say why.
 */
export class StatusTally {
  private readonly routes = new Map<string, Map<number, number>>();
  private readonly seconds = new Map<string, number>();
  private readonly failures = new Map<string, string>();

  /** Runs `fuzz`, notes how long the route took and, if it failed, why. */
  async time(route: string, fuzz: () => Promise<void>) {
    const started = performance.now();
    try {
      await fuzz();
    } catch (error) {
      // fast-check gives the property's own error as the cause, not in the message: it comes
      // first, before the seed and a counterexample that may be long.
      const [headline = '', ...details] = String(error).split('\n');
      const cause = error instanceof Error && error.cause ? [`Cause: ${String(error.cause)}`] : [];
      const lines = [headline, ...cause, ...details]
        .filter((line) => line.trim() !== '')
        .slice(0, FAILURE_LINES)
        .map((line) =>
          line.length > FAILURE_LINE_CHARS ? `${line.slice(0, FAILURE_LINE_CHARS)}…` : line,
        );
      this.failures.set(route, lines.join('\n'));
      throw error;
    } finally {
      this.seconds.set(route, (performance.now() - started) / 1000);
    }
  }

  count(route: string, status: number) {
    let statuses = this.routes.get(route);
    if (!statuses) {
      statuses = new Map();
      this.routes.set(route, statuses);
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }

  runs(route: string): number {
    return [...(this.routes.get(route)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
  }

  /** `route  runs  2xx 3xx 4xx 5xx  status:count …`, one line per route, then the totals. */
  format(title: string): string {
    const width = Math.max(5, ...[...this.routes.keys()].map((route) => route.length));
    const classes = (statuses: Map<number, number>) =>
      [2, 3, 4, 5].map((hundred) =>
        [...statuses].reduce(
          (sum, [status, count]) => (Math.floor(status / 100) === hundred ? sum + count : sum),
          0,
        ),
      );
    const line = (route: string, statuses: Map<number, number>, seconds?: number) =>
      [
        route.padEnd(width),
        String([...statuses.values()].reduce((a, b) => a + b, 0)).padStart(7),
        ...classes(statuses).map((count) => String(count).padStart(7)),
        (seconds === undefined ? '' : seconds.toFixed(1)).padStart(6),
        '  ',
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}:${count}`)
          .join(' '),
      ].join(' ');
    const totals = new Map<number, number>();
    for (const statuses of this.routes.values()) {
      for (const [status, count] of statuses) totals.set(status, (totals.get(status) ?? 0) + count);
    }
    return [
      title,
      ...[...this.failures].map(([route, failure]) => `FAILED ${route}:\n${failure}`),
      [
        'route'.padEnd(width),
        'runs'.padStart(7),
        ...['2xx', '3xx', '4xx', '5xx'].map((name) => name.padStart(7)),
        'sec'.padStart(6),
        '   statuses',
      ].join(' '),
      ...[...this.routes].map(([route, statuses]) =>
        line(route, statuses, this.seconds.get(route)),
      ),
      line(
        `all ${this.routes.size} routes`,
        totals,
        [...this.seconds.values()].reduce((a, b) => a + b, 0),
      ),
    ].join('\n');
  }
}
