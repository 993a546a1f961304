/** Entry point: parse the environment, build the app, listen, and shut down gracefully. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './plugins/config.ts';

async function main() {
  const config = loadConfig(process.env);
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
