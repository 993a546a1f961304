/**
 * The CMS's configuration, parsed once from the environment. Strapi's config files read it
 * through `cmsEnv()`; nothing else in the CMS reads process.env.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  CMS_SECRETS,
  MEMBER_CONTENT_SECRETS,
  SHARED_SECRETS,
} from '@aba-shop/service-kit/secret-settings';
import {
  blockingProblems,
  parseSettings,
  settingChecks,
  type SettingCheck,
} from '@aba-shop/service-kit/settings';
import developmentAdmin from './development-admin.json';

/** The cms/ folder, whether this file runs from src/ (tests) or dist/src/ (Strapi). */
function cmsRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'config')) || !existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** The development sign-in that `npm start` prints; production refuses to run with it. */
export const DEVELOPMENT_ADMIN: { email: string; password: string } = developmentAdmin;

const secret = z.string().min(16, 'must be at least 16 characters');
const PORT_ERROR = 'must be a port number from 0 to 65535';

export const cmsEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: PORT_ERROR })
    .int(PORT_ERROR)
    .min(0, PORT_ERROR)
    .max(65535, PORT_ERROR)
    .default(1337),
  CMS_PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://cms.example.com' })
    .optional(),
  CMS_DATA_DIR: z
    .string()
    .min(1)
    .default(path.resolve(cmsRoot(), '..', '.data')),
  CMS_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  // Secrets are optional here because `strapi build` loads this configuration too and
  // needs none of them; requireSecrets() insists on them when the CMS starts.
  APP_KEYS: z
    .string()
    .transform((value) => value.split(',').map((key) => key.trim()))
    .pipe(z.array(secret).min(1))
    .optional(),
  API_TOKEN_SALT: secret.optional(),
  ADMIN_JWT_SECRET: secret.optional(),
  TRANSFER_TOKEN_SALT: secret.optional(),
  JWT_SECRET: secret.optional(),
  ENCRYPTION_KEY: secret.optional(),
  STOREFRONT_URL: z
    .url({ error: 'must be an absolute URL such as http://127.0.0.1:3000' })
    .default('http://127.0.0.1:3000'),
  // Where the CMS's server reaches the storefront's (webhooks), when that differs from the
  // public STOREFRONT_URL the admin's preview frames, as inside docker-compose.
  STOREFRONT_INTERNAL_URL: z
    .url({ error: 'must be an absolute URL such as http://storefront:3000' })
    .optional(),
  // Shared with the storefront: authenticates the publish webhook and draft previews.
  REVALIDATE_SECRET: secret.optional(),
  PREVIEW_SECRET: secret.optional(),
  // Where the CMS's server reaches the commerce service, which a published member resource
  // is signalled to (docs/product.md#member-resources).
  COMMERCE_URL: z
    .url({ error: 'must be an absolute URL such as http://127.0.0.1:4000' })
    .default('http://127.0.0.1:4000'),
  // Shared with the commerce service: the only key to the member resources and their files.
  MEMBER_CONTENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CMS_ADMIN_EMAIL: z.email().default(DEVELOPMENT_ADMIN.email),
  CMS_ADMIN_PASSWORD: z
    .string()
    .min(8)
    .regex(/[a-z]/, 'must contain a lower-case letter')
    .regex(/[A-Z]/, 'must contain an upper-case letter')
    .regex(/[0-9]/, 'must contain a digit')
    .default(DEVELOPMENT_ADMIN.password),
});

export type CmsEnv = z.infer<typeof cmsEnvSchema>;

/** Parses an environment; throws one Error naming the variable and what is wrong. */
export function parseCmsEnv(env: NodeJS.ProcessEnv): CmsEnv {
  return parseSettings(cmsEnvSchema, env);
}

/**
 * What a live CMS needs, listed by `npm run doctor` and checked at start in production: its
 * secrets, the secrets shared with the storefront and the commerce service, and a password of
 * the operator's own.
 */
export function checkProductionSettings(env: CmsEnv): SettingCheck[] {
  const { checks, add } = settingChecks();
  for (const name of CMS_SECRETS) {
    add(
      name,
      `${name} is set (random, at least 16 characters)`,
      env[name] === undefined &&
        `Invalid configuration: ${name} is required (a random value of at least 16 characters)`,
    );
  }
  for (const name of SHARED_SECRETS) {
    add(
      name,
      `${name} is set, the same value as the storefront's`,
      !env[name] &&
        `Invalid configuration: ${name} is required in production (a random value shared with the storefront)`,
    );
  }
  for (const name of MEMBER_CONTENT_SECRETS) {
    add(
      name,
      `${name} is set, the same value as the commerce service's`,
      !env[name] &&
        `Invalid configuration: ${name} is required in production (a random value of at least 32 characters shared with the commerce service, which reads the member resources with it)`,
    );
  }
  add(
    'CMS_ADMIN_PASSWORD',
    "CMS_ADMIN_PASSWORD is the operator's own",
    env.CMS_ADMIN_PASSWORD === DEVELOPMENT_ADMIN.password &&
      'Invalid configuration: CMS_ADMIN_PASSWORD must be set to your own password in production (the development default is public)',
  );
  return checks;
}

/**
 * What the CMS needs to serve, checked when it starts (not when `strapi build` loads the
 * configuration): its secrets, and in production what checkProductionSettings lists. Throws
 * one line per problem, each naming its variable.
 */
export function requireRuntimeSettings(env: CmsEnv): void {
  const missing = CMS_SECRETS.find((name) => env[name] === undefined);
  if (missing) {
    throw new Error(
      `Invalid configuration: ${missing} is required (a random value of at least 16 characters; npm start generates local ones)`,
    );
  }
  if (env.NODE_ENV !== 'production') return;
  const problems = blockingProblems(checkProductionSettings(env));
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

let parsed: CmsEnv | undefined;

/** The parsed environment; on bad configuration, prints the one message and exits. */
export function cmsEnv(): CmsEnv {
  parsed ??= exitOnConfigError(() => parseCmsEnv(process.env));
  return parsed;
}

export function exitOnConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    for (const line of (error as Error).message.split('\n')) console.error(`cms: ${line}`);
    process.exit(1);
  }
}

export function cmsPublicDir(env: CmsEnv): string {
  return path.join(env.CMS_DATA_DIR, 'cms-public');
}
