/**
 * What a fault left behind in a commerce service's database: counts read straight from its
 * SQLite file or its PostgreSQL database, and (opened writable) a change of the clock's record
 * where a journey must not wait for real time. Also makes the throw-away PostgreSQL databases
 * of the tests that need one (TEST_DATABASE_URL names the server).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type DatabaseLocation = { sqliteFile: string } | { postgresUrl: string };

type Parameter = string | number;

export interface CommerceDatabase {
  /** The rows of a query with `?` placeholders. */
  query<Row extends object>(query: string, ...params: Parameter[]): Promise<Row[]>;
  /** The number a `select count(*) …` query counts. */
  count(query: string, ...params: Parameter[]): Promise<number>;
  /** A statement that changes rows; only on a database opened `writable`. */
  run(statement: string, ...params: Parameter[]): Promise<void>;
  close(): Promise<void>;
}

export async function openCommerceDatabase(
  location: DatabaseLocation,
  { writable = false } = {},
): Promise<CommerceDatabase> {
  let query: CommerceDatabase['query'];
  let run: CommerceDatabase['run'];
  let close: () => Promise<void>;
  if ('sqliteFile' in location) {
    const sqlite = new SQLite(location.sqliteFile, { readonly: !writable, fileMustExist: true });
    query = async <Row extends object>(text: string, ...params: Parameter[]) =>
      sqlite.prepare(text).all(...params) as Row[];
    run = async (statement, ...params) => void sqlite.prepare(statement).run(...params);
    close = async () => void sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: location.postgresUrl });
    await client.connect();
    query = async <Row extends object>(text: string, ...params: Parameter[]) => {
      let index = 0;
      const numbered = text.replaceAll('?', () => `$${++index}`);
      return (await client.query(numbered, params)).rows as Row[];
    };
    run = async (statement, ...params) => void (await query(statement, ...params));
    close = () => client.end();
  }
  return {
    query,
    run,
    count: async (text, ...params) =>
      Number(Object.values((await query(text, ...params))[0] ?? {})[0]),
    close,
  };
}

/** The database of the shop every journey shares (started by the journeys' global setup). */
export const openSharedShopDatabase = (options: { writable?: boolean } = {}) =>
  openCommerceDatabase(
    { sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite') },
    options,
  );

/** The public number of the order a paid session made, as its stamps and receipt print it. */
export async function orderNumberOfSession(sessionId: string): Promise<string> {
  const db = await openSharedShopDatabase();
  try {
    const [order] = await db.query<{ number: string }>(
      'select number from orders where checkout_session_id = ?',
      sessionId,
    );
    if (!order) throw new Error(`No order was made for ${sessionId}`);
    return order.number;
  } finally {
    await db.close();
  }
}

export const postgresServer = process.env.TEST_DATABASE_URL;

export interface PostgresDatabase {
  name: string;
  /** Its URL on the server, or through another host and port (a proxy in front of it). */
  url(through?: { host: string; port: number }): string;
  drop(): Promise<void>;
}

/** A fresh database on the TEST_DATABASE_URL server, dropped (connections and all) by drop(). */
export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  if (!postgresServer) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_fault_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    name,
    url(through) {
      const url = new URL(postgresServer as string);
      url.pathname = `/${name}`;
      if (through) {
        url.hostname = through.host;
        url.port = String(through.port);
      }
      return url.toString();
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
