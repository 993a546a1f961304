/**
 * The histogram of request durations by method, route template and status code
 * (`http_server_request_duration_seconds`), which every request the service answers adds to.
 * prom-client's Histogram checks and hashes the labels of each observation; at the commerce
 * service's throughput that was about 3 % of a cheap route's CPU with the metrics on, most of
 * what they cost (docs/performance.md, "Telemetry"). This one finds a series through a map per
 * label and counts into it, and hands prom-client's registry the same values at scrape time, so
 * the exposition is prom-client's own, unchanged (`route-durations.test.ts` compares them).
 */
import type { Metric, Registry } from 'prom-client';

interface Series {
  labels: { method: string; route: string; status_code: number };
  /** Observations per bucket, not yet cumulative; the last counts those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/** One value of a metric as prom-client's registry formats it. */
interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export class RouteDurations {
  readonly name = 'http_server_request_duration_seconds';
  readonly help = 'Seconds from request to reply, by method, route template and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly bounds: readonly number[];
  /** route → method → status code → series. */
  private series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(bounds: readonly number[], registry: Registry) {
    this.bounds = bounds;
    // The registry takes any object that answers as its metrics do (name, get, reset).
    registry.registerMetric(this as unknown as Metric);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let methods = this.series.get(route);
    if (!methods) this.series.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let series = statuses.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: statusCode },
        counts: new Float64Array(this.bounds.length + 1),
        sum: 0,
        count: 0,
      };
      statuses.set(statusCode, series);
    }
    // The first bucket whose bound the duration does not exceed; past every bound, the last.
    let bucket = 0;
    for (const bound of this.bounds) {
      if (seconds <= bound) break;
      bucket += 1;
    }
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /**
   * What prom-client's Histogram gives its registry: each series' cumulative buckets, its sum
   * and its count.
   */
  getForPromString() {
    const values: ExportedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const methods of this.series.values())
      for (const statuses of methods.values())
        for (const { labels, counts, sum, count } of statuses.values()) {
          let cumulative = 0;
          this.bounds.forEach((bound, index) => {
            cumulative += counts[index] ?? 0;
            values.push({
              labels: { le: bound },
              sharedLabels: labels,
              value: cumulative,
              metricName: bucketName,
            });
          });
          values.push(
            { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucketName },
            { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` },
            { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` },
          );
        }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  /** The same values with each series' labels in every value, as the registry's JSON has them. */
  get() {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ labels, sharedLabels, value, metricName }) => ({
        labels: { ...labels, ...sharedLabels },
        value,
        metricName,
      })),
    };
  }

  reset(): void {
    this.series = new Map();
  }
}
