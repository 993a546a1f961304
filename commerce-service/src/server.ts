/**
 * Entry point: parse the environment, check a production shop's settings, build the app,
 * listen, and shut down gracefully.
 */
import { createErrorReporter } from '@aba-shop/service-kit/error-reports';
import { startTracing } from '@aba-shop/service-kit/tracing';
import { ConfigError, loadConfig } from './config.ts';
import { blockingProblems, checkProductionSettings, warnings } from './production-settings.ts';

async function main() {
  const config = loadConfig(process.env);
  if (config.NODE_ENV === 'production') {
    const checks = checkProductionSettings(process.env);
    for (const line of warnings(checks)) console.warn(`commerce-service: warning: ${line}`);
    const problems = blockingProblems(checks);
    if (problems.length > 0) {
      for (const line of problems) console.error(`commerce-service: ${line}`);
      console.error(
        `commerce-service: not started: ${problems.length} production setting${problems.length === 1 ? '' : 's'} to fix (npm run doctor lists them all)`,
      );
      process.exit(1);
    }
  }
  // Before the app is loaded: the HTTP instrumentation patches node:http as Fastify loads it.
  const tracing = startTracing({
    serviceName: 'commerce-service',
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: config.OTEL_EXPORTER_OTLP_HEADERS,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
  });
  // A crash is reported before the process ends, when SENTRY_DSN names where.
  const crashes = createErrorReporter(config.SENTRY_DSN, {
    service: 'commerce-service',
    environment: config.NODE_ENV,
  });
  const crash = async (error: unknown) => {
    console.error('commerce-service crashed:', error);
    await crashes.report(error, { level: 'fatal' });
    process.exit(1);
  };
  process.once('uncaughtException', (error) => void crash(error));
  process.once('unhandledRejection', (reason) => void crash(reason));
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config, { runJobs: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // The spans of the last requests are sent before the process ends.
    await tracing?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`commerce-service: ${error.message}`);
  } else {
    console.error('commerce-service failed to start:', error);
  }
  process.exit(1);
});
