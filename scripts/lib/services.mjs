/**
 * The three services as `npm start`, `npm run dev` and the end-to-end tests run them:
 * their commands, their environment on the embedded defaults, and how to tell they answer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CMS_SECRETS,
  COMMERCE_SECRETS,
  MEMBER_CONTENT_SECRETS,
  SHARED_SECRETS,
} from '@aba-shop/service-kit/secret-settings';
import { ROOT } from './paths.mjs';

export const DEFAULT_PORTS = { storefront: 3000, commerce: 4000, cms: 1337 };
export const HOST = '127.0.0.1';

const SECRET_NAMES = [
  ...COMMERCE_SECRETS,
  ...SHARED_SECRETS,
  ...MEMBER_CONTENT_SECRETS,
  ...CMS_SECRETS,
];

/**
 * Secrets for local runs: random values generated once per data directory and kept there
 * (never in the repository). A variable already set in the environment wins.
 */
export function localSecrets(dataDir) {
  const file = path.join(dataDir, 'local-secrets.json');
  let secrets = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const name of SECRET_NAMES) {
    if (secrets[name]) continue;
    const value = () => randomBytes(32).toString('base64url');
    secrets[name] = name === 'APP_KEYS' ? [value(), value()].join(',') : value();
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

export function developmentAdmin() {
  return JSON.parse(readFileSync(path.join(ROOT, 'cms/src/development-admin.json'), 'utf8'));
}

/** Keeps the caller's variables: a value set in the environment overrides a local default. */
function withDefaults(defaults, env) {
  const merged = { ...defaults };
  for (const key of Object.keys(defaults)) if (env[key]) merged[key] = env[key];
  return merged;
}

/**
 * @param {{ mode: 'start' | 'dev', dataDir: string, ports?: typeof DEFAULT_PORTS, env?: NodeJS.ProcessEnv }} options
 */
export function serviceDefinitions({ mode, dataDir, ports = DEFAULT_PORTS, env = process.env }) {
  const urls = {
    storefront: `http://${HOST}:${ports.storefront}`,
    commerce: `http://${HOST}:${ports.commerce}`,
    cms: `http://${HOST}:${ports.cms}`,
  };
  const node = process.execPath;
  const secrets = localSecrets(dataDir);
  // Shared by the CMS (sender) and the storefront (receiver).
  const sharedSecrets = {
    REVALIDATE_SECRET: secrets.REVALIDATE_SECRET,
    PREVIEW_SECRET: secrets.PREVIEW_SECRET,
  };
  const common = { ...env, STRAPI_TELEMETRY_DISABLED: 'true', NEXT_TELEMETRY_DISABLED: '1' };
  const strapi = path.join(ROOT, 'node_modules/@strapi/strapi/bin/strapi.js');
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

  const production = env.NODE_ENV === 'production';
  // Sample eBook files for a local run, unless the real ones are configured (ASSETS_DIR) or the
  // shop runs as production, which must find the real files and refuses to start without them.
  const sampleAssets =
    production || env.ASSETS_DIR
      ? ''
      : `"${node}" "${tsx}" src/dev/write-sample-assets.ts "${path.join(env.DATA_DIR || dataDir, 'assets')}" && `;

  // Each command `exec`s node so that the shell is replaced, not kept as a parent: a signal
  // sent to the service (by concurrently on Ctrl-C, or by a process manager) reaches node.
  return [
    {
      name: 'cms',
      cwd: path.join(ROOT, 'cms'),
      command:
        mode === 'dev'
          ? `exec "${node}" "${strapi}" develop --no-watch-admin --no-install-deps`
          : `exec "${node}" "${strapi}" start`,
      env: {
        ...common,
        HOST,
        PORT: String(ports.cms),
        // The CMS runs as development locally so that the printed sign-in is accepted;
        // production refuses the development password.
        NODE_ENV: production ? 'production' : 'development',
        BROWSER: 'none',
        ...withDefaults(
          {
            CMS_DATA_DIR: dataDir,
            CMS_PUBLIC_URL: urls.cms,
            STOREFRONT_URL: urls.storefront,
            COMMERCE_URL: urls.commerce,
            ...secrets,
          },
          env,
        ),
      },
      readyUrl: `${urls.cms}/_health`,
      url: `${urls.cms}/admin`,
    },
    {
      name: 'commerce',
      cwd: path.join(ROOT, 'commerce-service'),
      command:
        sampleAssets +
        (mode === 'dev'
          ? `exec "${node}" "${tsx}" watch --clear-screen=false src/server.ts`
          : `exec "${node}" dist/server.js`),
      env: {
        ...common,
        HOST,
        PORT: String(ports.commerce),
        // Like the CMS: the embedded defaults (test checkout, mail as files, sample eBooks) are
        // what production refuses, so only an explicit NODE_ENV=production runs as production.
        NODE_ENV: production ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development',
        ...withDefaults(
          {
            DATA_DIR: dataDir,
            STOREFRONT_URL: urls.storefront,
            CMS_URL: urls.cms,
            DOWNLOAD_SIGNING_SECRET: secrets.DOWNLOAD_SIGNING_SECRET,
            BETTER_AUTH_SECRET: secrets.BETTER_AUTH_SECRET,
            MEMBER_CONTENT_SECRET: secrets.MEMBER_CONTENT_SECRET,
          },
          env,
        ),
      },
      readyUrl: `${urls.commerce}/readyz`,
      url: `${urls.commerce}/api/products`,
    },
    {
      name: 'storefront',
      cwd: path.join(ROOT, 'storefront'),
      // Next.js behind the step that says who the client is (storefront/server.mjs, ADR 0010).
      command: `exec "${node}" server.mjs${mode === 'dev' ? ' --dev' : ''} --hostname ${HOST} --port ${ports.storefront}`,
      env: {
        ...common,
        ...withDefaults(
          {
            CMS_URL: urls.cms,
            COMMERCE_URL: urls.commerce,
            SITE_URL: urls.storefront,
            ...sharedSecrets,
          },
          env,
        ),
      },
      readyUrl: `${urls.storefront}/`,
      url: `${urls.storefront}/`,
    },
  ];
}
