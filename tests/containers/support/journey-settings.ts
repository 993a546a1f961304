/**
 * The production settings the container journey runs the shop with: what an owner writes into
 * .env from .env.production.example, with a Stripe test key and the stand-ins in place of
 * Stripe and the mail provider, and this machine's local base images in place of the official
 * ones (base-images/README.md). Written as an env file, which `npm run doctor -- --compose`
 * checks, and handed to podman-compose through the environment.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localSecrets } from '../../../scripts/lib/services.mjs';
import { REPO_DIR } from './compose.js';

/** Ports on the host's loopback: the shop (nginx), the CMS admin and the stand-ins' payments. */
export interface JourneyPorts {
  http: number;
  cms: number;
  pay: number;
}

export const OWNER_EMAIL = 'owner@aba-shop-journey.net';
export const CMS_EDITOR = { email: 'editor@aba-shop-journey.net', password: 'Journey-Editor-2026' };
const LOCAL_IMAGES = 'localhost/aba-shop-local';

export function journeySettings(workDir: string, ports: JourneyPorts) {
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  return {
    STOREFRONT_URL: `http://127.0.0.1:${ports.http}`,
    CMS_PUBLIC_URL: `http://127.0.0.1:${ports.cms}`,
    STRIPE_SECRET_KEY: 'sk_test_container_journey',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: 'http://stand-ins:12111',
    ALLOW_STRIPE_STAND_IN: 'true',
    EBOOKS_DIR: path.join(workDir, 'ebooks'),
    SMTP_URL: 'smtp://stand-ins:1025',
    // Traces on, as an owner with a collector runs the shop: the images must start with them.
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://stand-ins:4318',
    MAIL_FROM: 'ABA Parent Guides <no-reply@aba-shop-journey.net>',
    SUPPORT_EMAIL: 'support@aba-shop-journey.net',
    OWNER_EMAIL,
    ADMIN_EMAILS: OWNER_EMAIL,
    CMS_ADMIN_EMAIL: CMS_EDITOR.email,
    CMS_ADMIN_PASSWORD: CMS_EDITOR.password,
    POSTGRES_PASSWORD: randomBytes(18).toString('hex'),
    // The services' secrets, random, as `npm start` makes them (kept in the journey's folder).
    ...localSecrets(workDir),
    // What is particular to this machine: local base images and loopback-only ports.
    NODE_IMAGE: `${LOCAL_IMAGES}/node:24-trixie`,
    POSTGRES_IMAGE: `${LOCAL_IMAGES}/postgres:17-trixie`,
    REDIS_IMAGE: `${LOCAL_IMAGES}/redis:trixie`,
    NGINX_IMAGE: `${LOCAL_IMAGES}/nginx:trixie`,
    HTTP_PUBLISH: `127.0.0.1:${ports.http}`,
    CMS_PUBLISH: `127.0.0.1:${ports.cms}`,
    JOURNEY_PAY_PORT: String(ports.pay),
    JOURNEY_REPO_DIR: REPO_DIR,
    JOURNEY_MAIL_DIR: path.join(workDir, 'mail'),
  };
}

/** Writes the settings as an env file (one `NAME=value` a line), as an owner's .env. */
export function writeEnvFile(file: string, settings: Record<string, string>) {
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

/**
 * Every variable the compose files name that neither the settings nor the environment set,
 * as an empty value. podman-compose 1.3 expands `NAME: ${NAME:-default}` in a service's
 * environment to its own unexpanded text when NAME is unset; set but empty, it takes the
 * default, as Docker Compose does for an unset one.
 */
export function unsetComposeVariables(
  composeFiles: string[],
  settings: Record<string, string>,
): Record<string, string> {
  const named = composeFiles.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((match) => match[1]),
  );
  return Object.fromEntries(
    [...new Set(named)]
      .filter((name): name is string => !!name && !(name in settings) && !(name in process.env))
      .map((name) => [name, '']),
  );
}
