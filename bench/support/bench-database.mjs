/**
 * A fresh, empty commerce database for a bench, of either kind, and how to throw it away:
 * SQLite in a temporary folder, or a PostgreSQL database of the given name on the server of
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local one), dropped first if left over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/test';

/**
 * @param {'SQLite' | 'PostgreSQL'} kind
 * @param {string} name the PostgreSQL database's name, also the temporary folder's prefix
 */
export async function createDatabase(kind, name) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  if (kind === 'SQLite') {
    return {
      location: { sqliteFile: path.join(dataDir, 'commerce.sqlite') },
      serviceEnv: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client(ADMIN_URL);
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    location: { postgresUrl: url.toString() },
    serviceEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
