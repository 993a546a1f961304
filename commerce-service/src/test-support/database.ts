/**
 * A throw-away database for one test: a temporary SQLite file, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set (CI sets it). It starts as a copy of the database the global
 * set-up made (./global-setup.ts), already migrated, unless the test asks for an empty one.
 */
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Where the global set-up tells the workers what it made. */
export const TEMPLATE_ENV = {
  /** Its folder, with the sample eBook files in `assets/`. */
  folder: 'COMMERCE_TEST_TEMPLATE_DIR',
  /** The migrated PostgreSQL database's name. */
  postgres: 'COMMERCE_TEST_TEMPLATE_DATABASE',
  /** The migrated SQLite file. */
  sqlite: 'COMMERCE_TEST_TEMPLATE_SQLITE',
} as const;

/** The server's URL with another database's name in it. */
export function postgresUrlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a database with a new name, copied from `template` when given; returns the name. */
export async function createDatabase(baseUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await onServer(baseUrl, async (client) => {
    // Two files copying the template at the same moment: PostgreSQL refuses the second while
    // the first holds it ("source database is being accessed by other users"), so it waits.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        return;
      } catch (error) {
        const busy = /being accessed by other users/.test((error as Error).message);
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return name;
}

export async function dropDatabase(baseUrl: string, name: string) {
  await onServer(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * @param env configuration on top of TEST_ENV
 * @param options.empty a database nothing has run on yet (the migration tests), rather than a
 *   copy of the migrated one
 */
export async function createTestDatabase(
  env: Record<string, string> = {},
  { empty = false }: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'commerce-test-'));
  const templateFolder = process.env[TEMPLATE_ENV.folder];
  if (templateFolder && existsSync(path.join(templateFolder, 'assets')))
    cpSync(path.join(templateFolder, 'assets'), path.join(dataDir, 'assets'), { recursive: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    if (!announced) {
      console.info('TEST_DATABASE_URL is not set: commerce tests run on SQLite.');
      announced = true;
    }
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
    const template = process.env[TEMPLATE_ENV.sqlite];
    if (!empty && template && !existsSync(config.sqliteFile))
      copyFileSync(template, config.sqliteFile);
    return {
      kind: 'sqlite',
      config,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const template = empty ? undefined : process.env[TEMPLATE_ENV.postgres];
  const name = await createDatabase(baseUrl, 'commerce_test', template);
  return {
    kind: 'postgres',
    config: loadConfig({
      ...TEST_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: postgresUrlOf(baseUrl, name),
      ...env,
    }),
    drop: async () => {
      await dropDatabase(baseUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
