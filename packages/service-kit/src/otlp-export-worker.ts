/**
 * The thread that sends a service's spans to the collector (`otlp-worker-exporter.ts`): it is
 * given each batch as OTLP JSON, posts it to the endpoint, and says how that went. Nothing else
 * runs here, so the service's own thread never acts as an HTTP client for its traces.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** How long one post may take before it counts as failed. */
const POST_TIMEOUT_MS = 10_000;

const { url, headers } = workerData as { url: string; headers: Record<string, string> };

parentPort?.on('message', ({ id, body }: { id: number; body: Uint8Array }) => {
  fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  }).then(
    async (response) => {
      await response.arrayBuffer();
      parentPort?.postMessage({
        id,
        error: response.ok ? undefined : `the collector answered ${response.status}`,
      });
    },
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        error: `the collector could not be reached: ${String(error)}`,
      }),
  );
});
