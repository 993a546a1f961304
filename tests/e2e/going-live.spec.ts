/**
 * Going live (README): a production start refuses the embedded defaults before it listens,
 * `npm run doctor` lists every requirement with what to do, and a staging shop that sells
 * through the test checkout says so on every page.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serviceDefinitions } from '../../scripts/lib/services.mjs';
import { payCheckout, startCheckout } from '../support/shop.js';
import { createSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { freePort, startShopOnCms, type RunningStack } from '../support/stack.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRETS = {
  DOWNLOAD_SIGNING_SECRET: 'e2e-download-signing-secret-0123456789',
  BETTER_AUTH_SECRET: 'e2e-better-auth-secret-0123456789abcdef',
  MEMBER_CONTENT_SECRET: 'e2e-member-content-secret-0123456789abc',
};
/** The sample eBook files of the shared stack stand in for the real ones. */
const ebooks = () => path.join(process.env.E2E_DATA_DIR as string, 'assets');

/** Runs a shell command with exactly this environment; resolves with its exit and stderr. */
function runUntilExit(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

test.describe('going live', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(isMobile, 'Starting services and running commands needs no phone.');
  });

  let dataDir: string;
  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-going-live-'));
  });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('the built commerce service refuses a production start on the embedded defaults, naming each setting', async () => {
    const { code, stderr } = await runUntilExit(
      `exec "${process.execPath}" dist/server.js`,
      path.join(ROOT, 'commerce-service'),
      {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        ...SECRETS,
      },
      20_000,
    );
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      "commerce-service: warning: STOREFRONT_URL is not set, so the links in e-mails lead to this machine only: set the shop's public address (https://…)",
      'commerce-service: STRIPE_SECRET_KEY is not set, so anyone could take every eBook through the free test checkout: set your Stripe secret key (sk_live_…), or ALLOW_TEST_CHECKOUT=true for a staging shop that charges nothing',
      "commerce-service: STRIPE_WEBHOOK_SECRET is not set, so no payment would be confirmed: add a webhook endpoint for http://127.0.0.1:3000/api/webhooks/stripe in Stripe's dashboard and set its signing secret (whsec_…)",
      `commerce-service: ASSETS_DIR (${path.join(dataDir, 'assets')}) lacks aba-for-parents.pdf, aba-for-parents.mp3, aba-case-studies.pdf, aba-case-studies.mp3: copy the real eBook files there (sample files are generated only for development)`,
      "commerce-service: CMS_URL is not set, so members' monthly resources would be looked for at http://127.0.0.1:1337: set the address this service reaches the CMS at (http://cms:1337 in docker-compose)",
      "commerce-service: SMTP_URL is not set, so sign-in codes and receipts would be written to files and never reach anyone: set your mail provider's SMTP address (smtps://user:password@host:465)",
      'commerce-service: MAIL_FROM is not set: set the sender buyers see, e.g. "ABA Parent Guides <no-reply@your-domain>", on a domain your SMTP provider sends for',
      "commerce-service: ADMIN_EMAILS is not set: list the e-mail addresses of the shop's administrators, comma-separated",
      'commerce-service: not started: 7 production settings to fix (npm run doctor lists them all)',
    ]);
  });

  test('the built storefront refuses a production start without its public address and the secrets it shares with the CMS', async () => {
    const port = await freePort();
    const storefront = serviceDefinitions({
      mode: 'start',
      dataDir,
      ports: { storefront: port, commerce: await freePort(), cms: await freePort() },
      env: { PATH: process.env.PATH },
    }).find((service) => service.name === 'storefront');
    if (!storefront) throw new Error('No storefront service is defined');
    const {
      SITE_URL: _site,
      REVALIDATE_SECRET: _revalidate,
      PREVIEW_SECRET: _preview,
      ...env
    } = storefront.env;
    const { code, stderr } = await runUntilExit(
      storefront.command,
      storefront.cwd,
      { ...env, NODE_ENV: 'production' },
      60_000,
    );
    expect(code).toBe(1);
    const refusals = stderr.split('\n').filter((line) => line.startsWith('storefront: '));
    expect(refusals).toEqual([
      "storefront: SITE_URL is not set, so canonical links, the sitemap and shared links point at http://127.0.0.1:3000: set the shop's public address (https://…)",
      'storefront: REVALIDATE_SECRET is not set, so the CMS cannot tell the storefront of a published change and marketers wait for the refresh timer: set the same random value (at least 16 characters) here and in the CMS',
      "storefront: PREVIEW_SECRET is not set, so the CMS's draft preview cannot open: set the same random value (at least 16 characters) here and in the CMS",
    ]);
  });

  test('npm run doctor lists every requirement of the compose run, and passes a complete env file', () => {
    const secret = (name: string) => `${name.toLowerCase()}-0123456789abcdef0123456789`;
    const complete: Record<string, string> = {
      STOREFRONT_URL: 'https://shop.abaparentguides.com',
      CMS_PUBLIC_URL: 'https://cms.abaparentguides.com',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      EBOOKS_DIR: ebooks(),
      SMTP_URL: 'smtps://shop:secret@smtp.abaparentguides.com:465',
      MAIL_FROM: 'ABA Parent Guides <no-reply@abaparentguides.com>',
      SUPPORT_EMAIL: 'support@abaparentguides.com',
      OWNER_EMAIL: 'owner@abaparentguides.com',
      ADMIN_EMAILS: 'owner@abaparentguides.com',
      CMS_ADMIN_EMAIL: 'editor@abaparentguides.com',
      CMS_ADMIN_PASSWORD: 'An-editor-Passw0rd',
      APP_KEYS: `${secret('key-one')},${secret('key-two')}`,
      ...Object.fromEntries(
        [
          'POSTGRES_PASSWORD',
          'DOWNLOAD_SIGNING_SECRET',
          'BETTER_AUTH_SECRET',
          'REVALIDATE_SECRET',
          'PREVIEW_SECRET',
          'MEMBER_CONTENT_SECRET',
          'API_TOKEN_SALT',
          'ADMIN_JWT_SECRET',
          'TRANSFER_TOKEN_SALT',
          'JWT_SECRET',
          'ENCRYPTION_KEY',
        ].map((name) => [name, secret(name)]),
      ),
    };
    const doctor = (settings: Record<string, string>) => {
      const file = path.join(dataDir, 'doctor.env');
      writeFileSync(
        file,
        Object.entries(settings)
          .map(([name, value]) => `${name}=${value}`)
          .join('\n'),
      );
      return spawnSync(
        process.execPath,
        ['--conditions=react-server', 'scripts/doctor.mjs', '--compose', file],
        { cwd: ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 60_000 },
      );
    };

    const ready = doctor(complete);
    expect(ready.status, ready.stdout + ready.stderr).toBe(0);
    expect(ready.stdout).toMatch(/^\d+ passed, 0 failed, 0 warnings: ready to go live\.$/m);
    for (const section of ['commerce-service', 'storefront', 'cms'])
      expect(ready.stdout).toContain(`\n${section}\n`);

    const { SMTP_URL: _smtp, POSTGRES_PASSWORD: _postgres, ...incomplete } = complete;
    const refused = doctor({ ...incomplete, ADMIN_EMAILS: 'admin@example.com' });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(
      [
        '  FAILED   POSTGRES_PASSWORD is set in ' + path.join(dataDir, 'doctor.env'),
        '           set POSTGRES_PASSWORD',
      ].join('\n'),
    );
    expect(refused.stdout).toContain(
      "           SMTP_URL is not set, so sign-in codes and receipts would be written to files and never reach anyone: set your mail provider's SMTP address (smtps://user:password@host:465)",
    );
    expect(refused.stdout).toContain(
      "           ADMIN_EMAILS names admin@example.com, on a domain reserved for examples where nobody receives mail: list your administrators' real addresses",
    );
    expect(refused.stdout).toMatch(
      /^\d+ passed, 3 failed, 0 warnings: fix what failed before going live\.$/m,
    );
  });

  test.describe('a staging shop that sells through the test checkout', () => {
    let shop: RunningStack;
    let inbox: SmtpInbox;

    test.beforeAll(async ({ browserName: _browser }, testInfo) => {
      test.skip(Boolean(testInfo.project.use.isMobile), 'One staging shop per run is enough.');
      testInfo.setTimeout(240_000);
      inbox = await createSmtpInbox();
      await inbox.start();
      shop = await startShopOnCms({
        cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
        env: {
          NODE_ENV: 'production',
          ALLOW_TEST_CHECKOUT: 'true',
          ASSETS_DIR: ebooks(),
          SMTP_URL: inbox.url,
          MAIL_FROM: 'ABA Parent Guides <no-reply@abaparentguides.com>',
          ADMIN_EMAILS: 'owner@abaparentguides.com',
        },
      });
    });

    test.afterAll(async () => {
      await shop?.stop();
      await inbox?.stop();
    });

    test('every page says that nothing is charged, and a test purchase is mailed through SMTP', async ({
      page,
      playwright,
    }) => {
      const base = shop.urls.storefront;
      for (const path of ['/', '/shop', '/blog', '/contact']) {
        await page.goto(`${base}${path}`);
        await expect(
          page.getByRole('status').filter({ hasText: 'Test mode: nothing is charged.' }),
        ).toBeVisible();
      }
      const request = await playwright.request.newContext({
        baseURL: base,
        extraHTTPHeaders: { origin: base },
      });
      try {
        const { sessionId } = await startCheckout(request, [
          { productId: 'ebook-aba-for-parents', quantity: 1 },
        ]);
        await payCheckout(request, sessionId, 'staging-buyer@abaparentguides.com');
      } finally {
        await request.dispose();
      }
      await expect
        .poll(() => inbox.messages.map((message) => message.to).flat(), { timeout: 20_000 })
        .toContain('staging-buyer@abaparentguides.com');
    });
  });
});
