/**
 * The service's entry point started as the owner starts it, with NODE_ENV=production: it stops
 * before listening when a live shop's settings are missing, and serves when they are complete.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/**
 * Starts src/server.ts with exactly this environment (and the PATH to find node), on a port
 * the system chooses; `listening` resolves with its address from the start-up log line.
 */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [tsx, 'src/server.ts'], {
    cwd: serviceDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const listening = new Promise<string>((resolve) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (address) resolve(address);
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, listening, stderr: () => stderr };
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'commerce-server-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const secrets = {
  DOWNLOAD_SIGNING_SECRET: 'a-download-signing-secret-0123456789',
  BETTER_AUTH_SECRET: 'a-better-auth-secret-0123456789abcdef',
  MEMBER_CONTENT_SECRET: 'a-member-content-secret-0123456789abcdef',
};

describe('a production start', () => {
  it('with only the secrets set, stops with exit code 1 and names every missing setting', async () => {
    const server = startServer({ ...secrets, DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    for (const variable of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'ASSETS_DIR',
      'CMS_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'ADMIN_EMAILS',
    ])
      expect(lines).toContainEqual(expect.stringMatching(`^commerce-service: ${variable} `));
    expect(server.stderr()).toContain(
      'aba-for-parents.pdf, aba-for-parents.mp3, aba-case-studies.pdf, aba-case-studies.mp3',
    );
    expect(lines.at(-1)).toBe(
      'commerce-service: not started: 7 production settings to fix (npm run doctor lists them all)',
    );
  }, 30_000);

  it('with complete settings, answers /healthz', async () => {
    const assetsDir = path.join(dataDir, 'ebooks');
    mkdirSync(assetsDir);
    for (const file of [
      'aba-for-parents.pdf',
      'aba-for-parents.mp3',
      'aba-case-studies.pdf',
      'aba-case-studies.mp3',
    ])
      writeFileSync(path.join(assetsDir, file), `the real ${file}`);
    const server = startServer({
      ...secrets,
      DATA_DIR: dataDir,
      ASSETS_DIR: assetsDir,
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'ABA Parent Guides <no-reply@abaparentguides.com>',
      ADMIN_EMAILS: 'owner@abaparentguides.com',
      STOREFRONT_URL: 'https://abaparentguides.com',
      CMS_URL: 'http://127.0.0.1:9',
    });
    try {
      const address = await Promise.race([
        server.listening,
        server.exited.then((code) => `exited with ${code}`),
      ]);
      expect(server.stderr()).toBe('');
      const answer = await fetch(`${address}/healthz`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'ok' });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 30_000);
});
