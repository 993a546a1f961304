import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  blockingProblems,
  checkProductionSettings,
  isReservedEmail,
  warnings,
} from './production-settings.ts';

const secrets = {
  DOWNLOAD_SIGNING_SECRET: 'a-download-signing-secret-0123456789',
  BETTER_AUTH_SECRET: 'a-better-auth-secret-0123456789abcdef',
  MEMBER_CONTENT_SECRET: 'a-member-content-secret-0123456789abcdef',
};

const EBOOK_FILES = [
  'aba-for-parents.pdf',
  'aba-for-parents.mp3',
  'aba-case-studies.pdf',
  'aba-case-studies.mp3',
];

let dataDir: string;
let assetsDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'commerce-production-'));
  assetsDir = path.join(dataDir, 'ebooks');
  mkdirSync(assetsDir);
  for (const file of EBOOK_FILES) writeFileSync(path.join(assetsDir, file), `the real ${file}`);
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** What an owner sets for a live shop: every requirement met. */
const complete = () => ({
  ...secrets,
  DATA_DIR: dataDir,
  ASSETS_DIR: assetsDir,
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SMTP_URL: 'smtps://shop:secret@smtp.abaparentguides.com:465',
  MAIL_FROM: 'ABA Parent Guides <no-reply@abaparentguides.com>',
  ADMIN_EMAILS: 'owner@abaparentguides.com',
  STOREFRONT_URL: 'https://abaparentguides.com',
  CMS_URL: 'http://cms:1337',
});

describe('the production settings', () => {
  it('refuses the embedded defaults with one line per problem, naming the variable and what to do', () => {
    const checks = checkProductionSettings({ ...secrets, DATA_DIR: dataDir });
    expect(blockingProblems(checks)).toEqual([
      'STRIPE_SECRET_KEY is not set, so anyone could take every eBook through the free test checkout: set your Stripe secret key (sk_live_…), or ALLOW_TEST_CHECKOUT=true for a staging shop that charges nothing',
      "STRIPE_WEBHOOK_SECRET is not set, so no payment would be confirmed: add a webhook endpoint for http://127.0.0.1:3000/api/webhooks/stripe in Stripe's dashboard and set its signing secret (whsec_…)",
      `ASSETS_DIR (${path.join(dataDir, 'assets')}) lacks aba-for-parents.pdf, aba-for-parents.mp3, aba-case-studies.pdf, aba-case-studies.mp3: copy the real eBook files there (sample files are generated only for development)`,
      "CMS_URL is not set, so members' monthly resources would be looked for at http://127.0.0.1:1337: set the address this service reaches the CMS at (http://cms:1337 in docker-compose)",
      "SMTP_URL is not set, so sign-in codes and receipts would be written to files and never reach anyone: set your mail provider's SMTP address (smtps://user:password@host:465)",
      'MAIL_FROM is not set: set the sender buyers see, e.g. "ABA Parent Guides <no-reply@your-domain>", on a domain your SMTP provider sends for',
      "ADMIN_EMAILS is not set: list the e-mail addresses of the shop's administrators, comma-separated",
    ]);
    expect(warnings(checks)).toEqual([
      "STOREFRONT_URL is not set, so the links in e-mails lead to this machine only: set the shop's public address (https://…)",
    ]);
  });

  it('passes a complete live configuration, listing every requirement as met', () => {
    const checks = checkProductionSettings(complete());
    expect(checks.filter((check) => check.problem)).toEqual([]);
    expect(checks.map((check) => check.variable)).toEqual([
      'DOWNLOAD_SIGNING_SECRET',
      'BETTER_AUTH_SECRET',
      'MEMBER_CONTENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'ASSETS_DIR',
      'CMS_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'ADMIN_EMAILS',
      'STOREFRONT_URL',
      'ALLOW_TEST_CHECKOUT',
    ]);
  });

  it('lets a staging shop sell through the test checkout only when the owner says so', () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...staging } = complete();
    expect(blockingProblems(checkProductionSettings(staging))).toHaveLength(2);
    const checks = checkProductionSettings({ ...staging, ALLOW_TEST_CHECKOUT: 'true' });
    expect(blockingProblems(checks)).toEqual([]);
    expect(warnings(checks)).toEqual([
      'ALLOW_TEST_CHECKOUT=true: this shop charges nothing, and every storefront page says so',
    ]);
  });

  it('requires the webhook secret with a Stripe key', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutWebhook } = complete();
    expect(blockingProblems(checkProductionSettings(withoutWebhook))).toEqual([
      "STRIPE_WEBHOOK_SECRET is not set, so no payment would be confirmed: add a webhook endpoint for https://abaparentguides.com/api/webhooks/stripe in Stripe's dashboard and set its signing secret (whsec_…)",
    ]);
  });

  it('refuses the test seam that points the Stripe SDK elsewhere', () => {
    expect(
      blockingProblems(
        checkProductionSettings({ ...complete(), STRIPE_API_URL: 'http://127.0.0.1:12111' }),
      ),
    ).toEqual([
      'STRIPE_API_URL is set, which sends payments to another server than Stripe: remove it (it exists for the tests)',
    ]);
  });

  describe('with a Stripe stand-in', () => {
    /** A staging shop that runs against a fake Stripe, as the container journey does. */
    const staging = (secretKey = 'sk_test_abc123') => ({
      ...complete(),
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: 'http://fake-stripe:12111/',
      ALLOW_STRIPE_STAND_IN: 'true',
    });

    it('lets a staging shop on a test key talk to it when the owner says so, warning that no real payment is taken', () => {
      const checks = checkProductionSettings(staging());
      expect(blockingProblems(checks)).toEqual([]);
      expect(warnings(checks)).toEqual([
        'STRIPE_API_URL=http://fake-stripe:12111 with ALLOW_STRIPE_STAND_IN=true: the Stripe SDK talks to this stand-in, not to Stripe, so no real payment is taken, and every storefront page says so',
      ]);
      expect(checks.map((check) => check.variable)).toContain('ALLOW_STRIPE_STAND_IN');
    });

    it.each(['sk_live_abc123', 'rk_live_abc123'])(
      'refuses it beside a live key (%s), which must never go anywhere but Stripe',
      (liveKey) => {
        expect(blockingProblems(checkProductionSettings(staging(liveKey)))).toEqual([
          'STRIPE_API_URL (http://fake-stripe:12111) with ALLOW_STRIPE_STAND_IN=true would send the live STRIPE_SECRET_KEY to a Stripe stand-in: use a test key (sk_test_…) on a staging shop, or remove both variables on a live one',
        ]);
      },
    );

    it('refuses it as before when ALLOW_STRIPE_STAND_IN is false', () => {
      expect(
        blockingProblems(checkProductionSettings({ ...staging(), ALLOW_STRIPE_STAND_IN: 'false' })),
      ).toEqual([
        'STRIPE_API_URL is set, which sends payments to another server than Stripe: remove it (it exists for the tests)',
      ]);
    });

    it('warns that ALLOW_STRIPE_STAND_IN allows nothing without STRIPE_API_URL', () => {
      const checks = checkProductionSettings({ ...complete(), ALLOW_STRIPE_STAND_IN: 'true' });
      expect(blockingProblems(checks)).toEqual([]);
      expect(warnings(checks)).toEqual([
        'ALLOW_STRIPE_STAND_IN=true but STRIPE_API_URL is not set, so it allows nothing and the Stripe SDK talks to Stripe itself: remove it',
      ]);
    });
  });

  describe('with embedded Stripe Checkout', () => {
    const embedded = (publishableKey: string, secretKey = 'sk_live_abc123') => ({
      ...complete(),
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_CHECKOUT_UI: 'embedded',
      STRIPE_PUBLISHABLE_KEY: publishableKey,
    });

    it('lists the publishable key among the requirements, met by a live key on a live shop', () => {
      const checks = checkProductionSettings(embedded('pk_live_abc123'));
      expect(checks.filter((check) => check.problem)).toEqual([]);
      expect(checks.map((check) => check.variable)).toContain('STRIPE_PUBLISHABLE_KEY');
    });

    it('refuses a test publishable key beside a live secret key, and the other way round', () => {
      expect(blockingProblems(checkProductionSettings(embedded('pk_test_abc123')))).toEqual([
        'STRIPE_PUBLISHABLE_KEY is a test key but STRIPE_SECRET_KEY a live one, so the pay page could not open any checkout: set the pk_live_… key from the same Stripe dashboard',
      ]);
      expect(
        blockingProblems(checkProductionSettings(embedded('pk_live_abc123', 'sk_test_abc123'))),
      ).toEqual([
        'STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY a test one, so the pay page could not open any checkout: set the pk_test_… key from the same Stripe dashboard',
      ]);
    });

    it('reports a missing publishable key as the service would at start', () => {
      const { STRIPE_PUBLISHABLE_KEY: _key, ...withoutKey } = embedded('pk_live_abc123');
      expect(blockingProblems(checkProductionSettings(withoutKey))).toEqual([
        'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required with STRIPE_CHECKOUT_UI=embedded: set the publishable key (pk_…) from the Stripe dashboard of STRIPE_SECRET_KEY',
      ]);
    });

    it('does not list the publishable key for hosted Checkout', () => {
      const checks = checkProductionSettings({
        ...complete(),
        STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
      });
      expect(checks.map((check) => check.variable)).not.toContain('STRIPE_PUBLISHABLE_KEY');
    });
  });

  it('names the eBook files that are missing or empty', () => {
    rmSync(path.join(assetsDir, 'aba-case-studies.mp3'));
    writeFileSync(path.join(assetsDir, 'aba-for-parents.pdf'), '');
    expect(blockingProblems(checkProductionSettings(complete()))).toEqual([
      `ASSETS_DIR (${assetsDir}) lacks aba-case-studies.mp3 and has empty aba-for-parents.pdf: copy the real eBook files there (sample files are generated only for development)`,
    ]);
  });

  it('refuses administrators on domains reserved for examples', () => {
    expect(
      blockingProblems(
        checkProductionSettings({
          ...complete(),
          ADMIN_EMAILS: 'owner@abaparentguides.com, Admin@Example.com, help@shop.test',
        }),
      ),
    ).toEqual([
      "ADMIN_EMAILS names admin@example.com, help@shop.test, on a domain reserved for examples where nobody receives mail: list your administrators' real addresses",
    ]);
  });

  it.each([
    ['admin@example.com', true],
    ['admin@example.org', true],
    ['admin@example.net', true],
    ['admin@mail.example.com', true],
    ['admin@shop.test', true],
    ['admin@shop.invalid', true],
    ['admin@localhost', true],
    ['admin@shop.localhost', true],
    ['admin@shop.example', true],
    ['admin@abaparentguides.com', false],
    ['admin@examples.com', false],
    ['admin@example.co.uk', false],
    ['admin@notexample.com', false],
  ])('%s is on a reserved domain: %s', (email, reserved) => {
    expect(isReservedEmail(email)).toBe(reserved);
  });

  it('warns when the links in e-mails would lead to this machine', () => {
    expect(
      warnings(checkProductionSettings({ ...complete(), STOREFRONT_URL: 'http://localhost:3000' })),
    ).toEqual([
      "STOREFRONT_URL is http://localhost:3000, so the links in e-mails lead to this machine only: set the shop's public address (https://…)",
    ]);
  });

  it('names a missing or short secret and still checks the rest', () => {
    const { BETTER_AUTH_SECRET: _secret, ...withoutSecret } = complete();
    expect(
      blockingProblems(
        checkProductionSettings({
          ...withoutSecret,
          DOWNLOAD_SIGNING_SECRET: 'short',
          SMTP_URL: '',
        }),
      ),
    ).toEqual([
      'DOWNLOAD_SIGNING_SECRET is shorter than 32 characters: set a random value of at least 32 characters (openssl rand -base64 48)',
      'BETTER_AUTH_SECRET is not set: set a random value of at least 32 characters (openssl rand -base64 48)',
      "SMTP_URL is not set, so sign-in codes and receipts would be written to files and never reach anyone: set your mail provider's SMTP address (smtps://user:password@host:465)",
    ]);
  });

  it('requires the secret shared with the CMS, saying that members need it', () => {
    const { MEMBER_CONTENT_SECRET: _secret, ...withoutSecret } = complete();
    expect(blockingProblems(checkProductionSettings(withoutSecret))).toEqual([
      "MEMBER_CONTENT_SECRET is not set: set a random value of at least 32 characters (openssl rand -base64 48), the same in the CMS: members' monthly resources are read with it",
    ]);
  });

  it('reports an invalid variable as the one problem, as the service would at start', () => {
    expect(
      blockingProblems(checkProductionSettings({ ...complete(), SMTP_URL: 'mail.example.com' })),
    ).toEqual(['Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL']);
  });
});
