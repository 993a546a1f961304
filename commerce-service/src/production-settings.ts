/**
 * What a live shop needs of its settings, checked when the service starts with
 * NODE_ENV=production (before it listens) and listed by `npm run doctor`. The embedded
 * defaults that make `npm start` work with nothing configured would, in production, give the
 * books away (the test checkout), lose the mail (.eml files), deliver sample files, or make
 * nobody an administrator; each requirement below names its variable and what to do.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readCatalogueFile } from './modules/catalogue/service.ts';
import { COMMERCE_SECRETS, MEMBER_CONTENT_SECRETS } from '@aba-shop/service-kit/secret-settings';
import {
  blockingProblems,
  LOOPBACK_HOSTS,
  settingChecks,
  warnings,
  type SettingCheck,
} from '@aba-shop/service-kit/settings';
import { ConfigError, loadConfig, type Config } from './config.ts';

export { blockingProblems, warnings, type SettingCheck };

/** Domains and top-level domains reserved for examples and tests: nobody receives mail there. */
const RESERVED_DOMAINS = ['example.com', 'example.org', 'example.net'];
const RESERVED_TLDS = ['test', 'invalid', 'localhost', 'example'];

export function isReservedEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return (
    RESERVED_TLDS.includes(tld) ||
    RESERVED_DOMAINS.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`))
  );
}

/** The files the catalogue grants that are missing or empty in the folder. */
function missingFiles(assetsDir: string): { missing: string[]; empty: string[] } {
  const keys = [...new Set(readCatalogueFile().flatMap((product) => product.file_keys))];
  const missing: string[] = [];
  const empty: string[] = [];
  for (const key of keys) {
    try {
      const stats = statSync(path.join(assetsDir, key));
      if (!stats.isFile()) missing.push(key);
      else if (stats.size === 0) empty.push(key);
    } catch {
      missing.push(key);
    }
  }
  return { missing, empty };
}

function assetsCheck(config: Config): SettingCheck {
  const check = {
    variable: 'ASSETS_DIR',
    requirement: 'ASSETS_DIR holds every eBook file the catalogue names, each non-empty',
  };
  const { missing, empty } = missingFiles(config.ASSETS_DIR);
  if (missing.length === 0 && empty.length === 0) return check;
  const parts = [
    missing.length > 0 ? `lacks ${missing.join(', ')}` : '',
    empty.length > 0 ? `has empty ${empty.join(', ')}` : '',
  ].filter(Boolean);
  return {
    ...check,
    problem: `ASSETS_DIR (${config.ASSETS_DIR}) ${parts.join(' and ')}: copy the real eBook files there (sample files are generated only for development)`,
  };
}

/**
 * Embedded Checkout (ADR 0017): Stripe.js opens a session only with a publishable key of the
 * same mode as the secret key that created it, so a live shop needs its live publishable key.
 */
function publishableKeyCheck(secretKey: string, publishableKey = ''): SettingCheck {
  const mode = (key: string) => (/^(sk|rk|pk)_live_/.test(key) ? 'live' : 'test');
  const check = {
    variable: 'STRIPE_PUBLISHABLE_KEY',
    requirement:
      'STRIPE_PUBLISHABLE_KEY is of the same mode as STRIPE_SECRET_KEY (pk_live_… with a live key): embedded Checkout opens with it',
  };
  if (mode(publishableKey) === mode(secretKey)) return check;
  return {
    ...check,
    problem: `STRIPE_PUBLISHABLE_KEY is a ${mode(publishableKey)} key but STRIPE_SECRET_KEY a ${mode(secretKey)} one, so the pay page could not open any checkout: set the pk_${mode(secretKey)}_… key from the same Stripe dashboard`,
  };
}

/**
 * STRIPE_API_URL points the Stripe SDK at another server than Stripe: the tests' fake Stripe. A
 * staging shop may run against such a stand-in when it says so (ALLOW_STRIPE_STAND_IN=true, ADR
 * 0011), never with a live key, and every start warns that no real payment is taken.
 */
function stripeApiCheck(config: Config): SettingCheck {
  const check = {
    variable: 'STRIPE_API_URL',
    requirement:
      'STRIPE_API_URL is not set: the Stripe SDK talks to Stripe itself (a staging shop may name a stand-in with ALLOW_STRIPE_STAND_IN=true and a test key)',
  };
  if (!config.STRIPE_API_URL) return check;
  if (!config.ALLOW_STRIPE_STAND_IN)
    return {
      ...check,
      problem:
        'STRIPE_API_URL is set, which sends payments to another server than Stripe: remove it (it exists for the tests)',
    };
  // The origin only: it is all the SDK uses, and it carries no password.
  const standIn = new URL(config.STRIPE_API_URL).origin;
  if (/^(sk|rk)_live_/.test(config.STRIPE_SECRET_KEY ?? ''))
    return {
      ...check,
      problem: `STRIPE_API_URL (${standIn}) with ALLOW_STRIPE_STAND_IN=true would send the live STRIPE_SECRET_KEY to a Stripe stand-in: use a test key (sk_test_…) on a staging shop, or remove both variables on a live one`,
    };
  return {
    ...check,
    problem: `STRIPE_API_URL=${standIn} with ALLOW_STRIPE_STAND_IN=true: the Stripe SDK talks to this stand-in, not to Stripe, so no real payment is taken, and every storefront page says so`,
    warning: true,
  };
}

const SECRET_PLACEHOLDER = 'a placeholder that lets the other checks run';

/** Every production requirement of the service, met or not, for the given environment. */
export function checkProductionSettings(env: NodeJS.ProcessEnv): SettingCheck[] {
  const sharedWithCms = new Set<string>(MEMBER_CONTENT_SECRETS);
  const secretChecks: SettingCheck[] = [...COMMERCE_SECRETS, ...MEMBER_CONTENT_SECRETS].map(
    (name) => {
      const value = env[name] ?? '';
      const shared = sharedWithCms.has(name);
      return {
        variable: name,
        requirement: `${name} is set (random, at least 32 characters${shared ? ', the same in the CMS' : ''})`,
        ...(value.length < 32 && {
          problem: `${name} is ${value ? 'shorter than 32 characters' : 'not set'}: set a random value of at least 32 characters (openssl rand -base64 48)${shared ? ", the same in the CMS: members' monthly resources are read with it" : ''}`,
        }),
      };
    },
  );
  // A missing secret is reported above; the rest is still checked.
  const placeholders = Object.fromEntries(
    secretChecks
      .filter((check) => check.problem)
      .map((check) => [check.variable, SECRET_PLACEHOLDER]),
  );
  let config: Config;
  try {
    config = loadConfig({ ...env, ...placeholders, NODE_ENV: 'production' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [
      ...secretChecks,
      { variable: 'configuration', requirement: 'Every variable is valid', problem: error.message },
    ];
  }
  const isSet = (name: string) => Boolean(env[name]);
  const { checks, add } = settingChecks([...secretChecks]);

  const testCheckout = !isSet('STRIPE_SECRET_KEY') && config.ALLOW_TEST_CHECKOUT;
  add(
    'STRIPE_SECRET_KEY',
    'STRIPE_SECRET_KEY is set: payments go through Stripe (or ALLOW_TEST_CHECKOUT=true on a staging shop)',
    !isSet('STRIPE_SECRET_KEY') &&
      !testCheckout &&
      'STRIPE_SECRET_KEY is not set, so anyone could take every eBook through the free test checkout: set your Stripe secret key (sk_live_…), or ALLOW_TEST_CHECKOUT=true for a staging shop that charges nothing',
  );
  add(
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_WEBHOOK_SECRET is set: Stripe confirms each payment to /api/webhooks/stripe',
    !isSet('STRIPE_WEBHOOK_SECRET') &&
      !testCheckout &&
      `STRIPE_WEBHOOK_SECRET is not set, so no payment would be confirmed: add a webhook endpoint for ${new URL('/api/webhooks/stripe', config.STOREFRONT_URL).toString()} in Stripe's dashboard and set its signing secret (whsec_…)`,
  );
  checks.push(stripeApiCheck(config));
  if (config.ALLOW_STRIPE_STAND_IN)
    add(
      'ALLOW_STRIPE_STAND_IN',
      'ALLOW_STRIPE_STAND_IN=true comes with STRIPE_API_URL, the stand-in it allows',
      !config.STRIPE_API_URL &&
        'ALLOW_STRIPE_STAND_IN=true but STRIPE_API_URL is not set, so it allows nothing and the Stripe SDK talks to Stripe itself: remove it',
      true,
    );
  if (config.STRIPE_CHECKOUT_UI === 'embedded' && config.STRIPE_SECRET_KEY)
    checks.push(publishableKeyCheck(config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY));
  checks.push(assetsCheck(config));
  add(
    'CMS_URL',
    "CMS_URL is set: the CMS's address, where members' monthly resources are read",
    !isSet('CMS_URL') &&
      "CMS_URL is not set, so members' monthly resources would be looked for at http://127.0.0.1:1337: set the address this service reaches the CMS at (http://cms:1337 in docker-compose)",
  );
  add(
    'SMTP_URL',
    'SMTP_URL is set: sign-in codes, receipts and download links are sent by e-mail',
    !isSet('SMTP_URL') &&
      "SMTP_URL is not set, so sign-in codes and receipts would be written to files and never reach anyone: set your mail provider's SMTP address (smtps://user:password@host:465)",
  );
  add(
    'MAIL_FROM',
    'MAIL_FROM is set: the sender buyers see',
    !isSet('MAIL_FROM') &&
      'MAIL_FROM is not set: set the sender buyers see, e.g. "ABA Parent Guides <no-reply@your-domain>", on a domain your SMTP provider sends for',
  );
  const reserved = config.ADMIN_EMAILS.filter(isReservedEmail);
  add(
    'ADMIN_EMAILS',
    "ADMIN_EMAILS lists the administrators' real e-mail addresses",
    (!isSet('ADMIN_EMAILS') &&
      "ADMIN_EMAILS is not set: list the e-mail addresses of the shop's administrators, comma-separated") ||
      (reserved.length > 0 &&
        `ADMIN_EMAILS names ${reserved.join(', ')}, on a domain reserved for examples where nobody receives mail: list your administrators' real addresses`),
  );
  const storefront = new URL(config.STOREFRONT_URL);
  add(
    'STOREFRONT_URL',
    "STOREFRONT_URL is the shop's public https:// address (links in e-mails, Stripe's return pages)",
    (!isSet('STOREFRONT_URL') || LOOPBACK_HOSTS.has(storefront.hostname)) &&
      `STOREFRONT_URL is ${isSet('STOREFRONT_URL') ? config.STOREFRONT_URL : 'not set'}, so the links in e-mails lead to this machine only: set the shop's public address (https://…)`,
    true,
  );
  add(
    'ALLOW_TEST_CHECKOUT',
    'ALLOW_TEST_CHECKOUT is off, or the shop is a staging shop',
    testCheckout &&
      'ALLOW_TEST_CHECKOUT=true: this shop charges nothing, and every storefront page says so',
    true,
  );
  return checks;
}
