/** Opens the database: a SQLite file by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';

export type DatabaseLocation = { postgresUrl: string } | { sqliteFile: string };

export function openDatabase(
  location: DatabaseLocation,
  onIdleError: (error: Error) => void = () => {},
): Kysely<Database> {
  if ('postgresUrl' in location) {
    const pool = new pg.Pool({ connectionString: location.postgresUrl, max: 10 });
    // An idle connection can be cut (a PostgreSQL restart, a failover): the pool replaces it
    // on the next query, so this is logged rather than left to crash the process.
    pool.on('error', onIdleError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(path.dirname(location.sqliteFile), { recursive: true });
  const sqlite = new SQLite(location.sqliteFile);
  // WAL lets readers proceed while a write commits; busy_timeout waits instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
