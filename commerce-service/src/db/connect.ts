/** Opens the database: a SQLite file by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';

export type DatabaseLocation = { postgresUrl: string } | { sqliteFile: string };

export interface OpenDatabaseOptions {
  /** Told of each PostgreSQL connection that broke (a restart, a failover, a cut link). */
  onConnectionError?: (error: Error) => void;
  /** How long opening a PostgreSQL connection may take (a host that does not answer). */
  connectTimeoutMs?: number;
}

export function openDatabase(
  location: DatabaseLocation,
  { onConnectionError = () => {}, connectTimeoutMs = 5_000 }: OpenDatabaseOptions = {},
): Kysely<Database> {
  if ('postgresUrl' in location) {
    const pool = new pg.Pool({
      connectionString: location.postgresUrl,
      max: 10,
      connectionTimeoutMillis: connectTimeoutMs,
      // Finds connections whose server went away without closing them (a failover, a cut link).
      keepAlive: true,
    });
    // A connection can be cut at any time (a PostgreSQL restart, a failover). pg reports it as
    // an 'error' event on the client, also while the client is lent out to a query, and an
    // event nobody listens to crashes the process. The query in flight fails on its own (and
    // is answered 503); the pool drops the dead client and opens a new one on the next query.
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // The pool repeats an idle client's error; the client's own listener has logged it.
    pool.on('error', () => {});
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
