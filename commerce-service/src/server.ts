/**
 * Entry point: parse the environment, check a production shop's settings, build the app,
 * listen, and shut down gracefully.
 */
import { buildApp } from './app.ts';
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
  const app = await buildApp(config, { runMailWorker: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
