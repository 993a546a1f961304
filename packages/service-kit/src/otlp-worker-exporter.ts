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
  private idle: (() => void) | undefined;

  constructor({ url, headers }: { url: string; headers: Record<string, string> }) {
    this.worker = new Worker(new URL('./otlp-export-worker.ts', import.meta.url), {
      workerData: { url, headers },
    });
    // The worker never keeps the service running; shutdown() sends what is left first.
    this.worker.unref();
    this.worker.on('message', ({ id, error }: { id: number; error?: string }) =>
      this.settle(id, error === undefined ? { code: ExportResultCode.SUCCESS } : failed(error)),
    );
    this.worker.on('error', (error) => this.settleAll(failed(String(error))));
    this.worker.on('exit', () => this.settleAll(failed('the export thread stopped')));
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) return resultCallback(failed('the spans could not be serialised'));
    this.lastId += 1;
    this.pending.set(this.lastId, resultCallback);
    this.worker.postMessage({ id: this.lastId, body });
  }

  /** Resolves once every batch handed over has been answered. */
  forceFlush(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
    await this.worker.terminate();
  }

  private settle(id: number, result: ExportResult) {
    const callback = this.pending.get(id);
    this.pending.delete(id);
    callback?.(result);
    if (this.pending.size === 0) this.idle?.();
  }

  private settleAll(result: ExportResult) {
    for (const id of [...this.pending.keys()]) this.settle(id, result);
  }
}

const failed = (message: string): ExportResult => ({
  code: ExportResultCode.FAILED,
  error: new Error(message),
});
