/**
 * A fresh, throw-away database for one test file: a temporary SQLite file, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set (CI sets it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';

export interface TestDatabase {
  kind: 'sqlite' | 'postgres';
  config: Config;
  drop(): Promise<void>;
}

let announced = false;

/** Variables every test configuration has (secrets the service requires). */
export const TEST_ENV = {
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  DOWNLOAD_SIGNING_SECRET: 'test-download-signing-secret-0123456789',
  BETTER_AUTH_SECRET: 'test-better-auth-secret-0123456789abcdef',
} as const;

export async function createTestDatabase(env: Record<string, string> = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'commerce-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    if (!announced) {
      console.info('TEST_DATABASE_URL is not set: commerce tests run on SQLite.');
      announced = true;
    }
    return {
      kind: 'sqlite',
      config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `commerce_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: url.toString(), ...env }),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
