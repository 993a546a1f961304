/**
 * Starts the built CMS (`strapi start` from dist/) as a child process on a free port, on a
 * fresh SQLite file, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DEVELOPMENT_ADMIN } from '../env';

const CMS_ROOT = path.resolve(__dirname, '../..');
/** Strapi's CLI, wherever npm placed the package (it does not export its bin path). */
function strapiCli(): string {
  for (let dir = CMS_ROOT; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules/@strapi/strapi/bin/strapi.js');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('@strapi/strapi is not installed');
}

export interface CmsDatabase {
  kind: 'sqlite' | 'postgres';
  dataDir: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createCmsDatabase(): Promise<CmsDatabase> {
  if (!existsSync(path.join(CMS_ROOT, 'dist/build/index.html'))) {
    throw new Error('The CMS is not built: run `npm run build --workspace cms` first.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cms-test-'));
  const secret = () => randomBytes(24).toString('base64url');
  const env: Record<string, string> = {
    CMS_DATA_DIR: dataDir,
    APP_KEYS: `${secret()},${secret()}`,
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    REVALIDATE_SECRET: secret(),
    PREVIEW_SECRET: secret(),
    MEMBER_CONTENT_SECRET: randomBytes(33).toString('base64url'),
  };
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.info('TEST_DATABASE_URL is not set: CMS tests run on SQLite.');
    return {
      kind: 'sqlite',
      dataDir,
      env,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cms_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    dataDir,
    env: { ...env, CMS_DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningCms {
  url: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startCms(
  database: CmsDatabase,
  extraEnv: Record<string, string>,
): Promise<RunningCms> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [strapiCli(), 'start'], {
    cwd: CMS_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      STRAPI_TELEMETRY_DISABLED: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...database.env,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The CMS exited (${child.exitCode}):\n${output.slice(-3000)}`);
    const ready = await fetch(`${url}/_health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline)
    throw new Error(`The CMS did not answer within 120 s:\n${output.slice(-3000)}`);
  return {
    url,
    // eslint-disable-next-line no-control-regex -- strips the colours Strapi's log uses
    log: () => output.replace(/\x1b\[[0-9;]*m/g, ''),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** An admin token of the development editor, signed in as the admin UI does. */
export async function developmentAdminToken(cms: Pick<RunningCms, 'url'>): Promise<string> {
  const response = await fetch(`${cms.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEVELOPMENT_ADMIN),
  });
  if (response.status !== 200) throw new Error(`/admin/login answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
