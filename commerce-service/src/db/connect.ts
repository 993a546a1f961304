/** Opens the database: a SQLite file by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { withQuerySpans } from './query-spans.ts';

export type DatabaseLocation = { postgresUrl: string } | { sqliteFile: string };

export interface OpenDatabaseOptions {
  /** Told of each PostgreSQL connection that broke (a restart, a failover, a cut link). */
  onConnectionError?: (error: Error) => void;
  /** How long opening a PostgreSQL connection may take (a host that does not answer). */
  connectTimeoutMs?: number;
  /** Each query a span (./query-spans.ts): when the service exports traces. */
  querySpans?: boolean;
}

export function openDatabase(
  location: DatabaseLocation,
  {
    onConnectionError = () => {},
    connectTimeoutMs = 5_000,
    querySpans = false,
  }: OpenDatabaseOptions = {},
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
    const dialect = new PostgresDialect({ pool });
    return new Kysely<Database>({
      dialect: querySpans ? withQuerySpans(dialect, 'postgresql') : dialect,
    });
  }
  mkdirSync(path.dirname(location.sqliteFile), { recursive: true });
  const sqlite = new SQLite(location.sqliteFile);
  // WAL lets readers proceed while a write commits; busy_timeout waits instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const dialect = new SqliteDialect({ database: sqlite });
  return new Kysely<Database>({
    dialect: querySpans ? withQuerySpans(dialect, 'sqlite') : dialect,
  });
}

/** The advisory lock every replica migrates under ('migr' in ASCII; the same in all of them). */
const MIGRATION_LOCK_KEY = 0x6d696772;

/**
 * Runs a schema change while no other replica runs one. Replicas started together on a fresh
 * PostgreSQL database would otherwise race: `create table if not exists` is not safe against a
 * concurrent create of the same table (PostgreSQL fails with a duplicate key in pg_type), and
 * Kysely's own migration lock is only taken after its tables exist. The lock belongs to one
 * dedicated connection, so it is released when that connection ends, also if the process dies.
 * A SQLite file has one process writing it, so there it simply runs.
 */
export async function withMigrationLock<T>(db: Kysely<Database>, change: () => Promise<T>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return change();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await change();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * Holds `key` until the caller's transaction ends, so that two transactions about the same thing
 * (one address's sign-in codes) run one after the other: PostgreSQL's transaction-level advisory
 * lock on the key's hash. A SQLite file's transactions already run one at a time.
 */
export async function lockInTransaction(trx: Transaction<Database>, key: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await withMigrationLock(db, async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
}
