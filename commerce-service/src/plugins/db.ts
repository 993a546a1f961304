/** Opens the database, migrates it to the latest schema and closes it with the app. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export const dbPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const db = openDatabase(
    config.DATABASE_URL ? { postgresUrl: config.DATABASE_URL } : { sqliteFile: config.sqliteFile },
    (error) => app.log.warn({ err: error }, 'an idle database connection was closed'),
  );
  app.addHook('onClose', () => db.destroy());
  await migrateToLatest(db);
  app.decorate('db', db);
});
