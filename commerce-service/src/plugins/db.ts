/** Opens the database, migrates it to the latest schema and closes it with the app. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { checkDatabaseWritable } from '../db/availability.ts';
import { migrateToLatest, openDatabase } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /**
     * Whether the database answers and takes writes now. Calls made while a check is running
     * share it, so a burst of failing requests during an outage costs one probe.
     */
    databaseReady: () => Promise<boolean>;
  }
}

export const dbPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const db = openDatabase(
    config.DATABASE_URL ? { postgresUrl: config.DATABASE_URL } : { sqliteFile: config.sqliteFile },
    {
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'a database connection was closed'),
      querySpans: config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined,
    },
  );
  app.addHook('onClose', () => db.destroy());
  await migrateToLatest(db);
  app.decorate('db', db);

  let running: Promise<boolean> | undefined;
  app.decorate('databaseReady', () => {
    running ??= checkDatabaseWritable(db).finally(() => (running = undefined));
    return running;
  });
});
