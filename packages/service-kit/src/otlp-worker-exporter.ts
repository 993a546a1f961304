/**
 * Exports spans by OTLP over HTTP (JSON) from a thread of its own (`otlp-export-worker.ts`). The
 * spans are serialised where they were made and handed over as bytes; the post is the worker's.
 * Posting from the service's own thread made it an HTTP client every few seconds, and V8 then
 * compiled the service's own HTTP and stream code for both kinds of object, client and server:
 * with traces kept, about half of what telemetry cost a cheap route under load
 * (docs/performance.md, "Telemetry").
 */
import { Worker } from 'node:worker_threads';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

export class OtlpWorkerExporter implements SpanExporter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (result: ExportResult) => void>();
  private lastId = 0;
  /** Who waits for every batch handed over to be answered. */
  private readonly waiting: Array<() => void> = [];
  /** Set once the worker has stopped: what is exported then fails at once. */
  private stopped = false;

  constructor({ url, headers }: { url: string; headers: Record<string, string> }) {
    this.worker = new Worker(new URL('./otlp-export-worker.ts', import.meta.url), {
      workerData: { url, headers },
    });
    // The worker never keeps the service running; shutdown() sends what is left first.
    this.worker.unref();
    this.worker.on('message', ({ id, error }: { id: number; error?: string }) =>
      this.settle(id, error === undefined ? { code: ExportResultCode.SUCCESS } : failed(error)),
    );
    this.worker.on('error', (error) => this.stop(failed(String(error))));
    this.worker.on('exit', () => this.stop(failed('the export thread stopped')));
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) return resultCallback(failed('the export thread stopped'));
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) return resultCallback(failed('the spans could not be serialised'));
    this.lastId += 1;
    this.pending.set(this.lastId, resultCallback);
    this.worker.postMessage({ id: this.lastId, body });
  }

  /** Resolves once every batch handed over has been answered. */
  forceFlush(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
    await this.worker.terminate();
  }

  private settle(id: number, result: ExportResult) {
    const callback = this.pending.get(id);
    this.pending.delete(id);
    callback?.(result);
    if (this.pending.size === 0) for (const resolve of this.waiting.splice(0)) resolve();
  }

  private stop(result: ExportResult) {
    this.stopped = true;
    for (const id of [...this.pending.keys()]) this.settle(id, result);
  }
}

const failed = (message: string): ExportResult => ({
  code: ExportResultCode.FAILED,
  error: new Error(message),
});
