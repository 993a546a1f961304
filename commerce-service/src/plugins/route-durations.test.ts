/**
 * The route histogram says what prom-client's own Histogram would say of the same requests, in
 * the text Prometheus scrapes and in the registry's JSON.
 */
import { Histogram, Registry } from 'prom-client';
import { RouteDurations } from './route-durations.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REQUESTS: Array<[string, string, number, number]> = [
  ['GET', '/api/products', 200, 0.0004],
  ['GET', '/api/products', 200, 0.01],
  ['GET', '/api/products', 304, 0.002],
  ['POST', '/api/checkout', 201, 0.3],
  ['GET', '/api/orders/:id', 404, 0.02],
  ['GET', 'unmatched', 404, 0.001],
  ['POST', '/api/checkout', 201, 12],
  ['POST', '/api/checkout', 201, 10],
];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const durations = new RouteDurations(BOUNDS, ours);
  const histogram = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Seconds from request to reply, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  for (const [method, route, status, seconds] of REQUESTS) {
    durations.observe(method, route, status, seconds);
    histogram.observe({ method, route, status_code: status }, seconds);
  }
  return { ours, theirs, durations };
}

it('exposes the same text as prom-client for the same observations', async () => {
  const { ours, theirs } = both();
  const text = await ours.metrics();
  expect(text).toBe(await theirs.metrics());
  expect(text).toContain(
    'http_server_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products",status_code="200"} 1',
  );
  expect(text).toContain(
    'http_server_request_duration_seconds_count{method="POST",route="/api/checkout",status_code="201"} 3',
  );
});

it("gives the registry's JSON the same values", async () => {
  const { ours, theirs } = both();
  const values = async (registry: Registry) => {
    const [metric] = await registry.getMetricsAsJSON();
    // Each value's series, figure and line name; prom-client adds an empty exemplar to buckets.
    return metric?.values.map((entry) => ({
      labels: entry.labels,
      value: entry.value,
      metricName: (entry as { metricName?: string }).metricName,
    }));
  };
  expect((await values(ours))?.length).toBe(5 * (BOUNDS.length + 3));
  expect(await values(ours)).toEqual(await values(theirs));
});

it('starts again from nothing when the registry is reset', async () => {
  const { ours, durations } = both();
  ours.resetMetrics();
  expect(await ours.metrics()).not.toContain('_count');
  durations.observe('GET', '/api/products', 200, 0.001);
  expect(await ours.metrics()).toContain(
    'http_server_request_duration_seconds_count{method="GET",route="/api/products",status_code="200"} 1',
  );
});
