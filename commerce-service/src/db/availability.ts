/**
 * Tells a database that cannot be reached or written right now (PostgreSQL stopped, restarting
 * or cut off; a SQLite file on a disk that refuses writes) from a bug. The first is answered
 * 503 and /readyz takes the instance out of rotation until it passes; the second stays a 500.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Socket errors under a PostgreSQL connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is shutting down, starting, out of connections or
 * disk, or read-only (a standby); class 08 (connection exceptions) is matched as a whole.
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53100', '53300', '25006']);

/** pg's own messages for a connection that ended or could not be opened in time. */
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** SQLite result codes of a file that cannot be read or written right now. */
const SQLITE_CODES = /^SQLITE_(IOERR|READONLY|FULL|BUSY|CANTOPEN|PROTOCOL)(_|$)/;

function hasUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return (
    NETWORK_CODES.has(code) ||
    POSTGRES_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    SQLITE_CODES.test(code)
  );
}

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * True for an error (or an error it wraps) that says the database is unavailable. Read by its
 * fields rather than by `instanceof`: better-sqlite3 builds its errors with the constructor of
 * whichever context loaded it first, which need not be this module's (jest's module sandboxes).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as ErrorFields;
  if (hasUnavailableCode(code)) return true;
  if (typeof message === 'string' && POSTGRES_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

const PROBE_ID = 'readyz';

/**
 * Whether the database answers and takes writes: a shop that cannot write cannot take an
 * order, and a SQLite file that has turned read-only still answers reads. The probe rewrites
 * one row of its own table.
 */
export async function checkDatabaseWritable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    const checkedAt = new Date().toISOString();
    await db
      .insertInto('readiness_probe')
      .values({ id: PROBE_ID, checked_at: checkedAt })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: checkedAt }))
      .execute();
    return true;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return false;
    throw error;
  }
}
