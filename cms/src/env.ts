/**
 * The CMS's configuration, parsed once from the environment. Strapi's config files read it
 * through `cmsEnv()`; nothing else in the CMS reads process.env.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
export const DEVELOPMENT_ADMIN = {
  email: 'editor@example.com',
  password: 'Editor-dev-2025',
} as const;

const secret = z.string().min(16, 'must be at least 16 characters');

export const cmsEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(1337),
    CMS_PUBLIC_URL: z.url().optional(),
    CMS_DATA_DIR: z.string().min(1).default(path.resolve(cmsRoot(), '..', '.data')),
    CMS_DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    APP_KEYS: z
      .string({ error: 'is required (comma-separated secrets)' })
      .transform((value) => value.split(',').map((key) => key.trim()))
      .pipe(z.array(secret).min(1)),
    API_TOKEN_SALT: secret,
    ADMIN_JWT_SECRET: secret,
    TRANSFER_TOKEN_SALT: secret,
    JWT_SECRET: secret,
    ENCRYPTION_KEY: secret,
    CMS_ADMIN_EMAIL: z.email().default(DEVELOPMENT_ADMIN.email),
    CMS_ADMIN_PASSWORD: z
      .string()
      .min(8)
      .regex(/[a-z]/, 'must contain a lower-case letter')
      .regex(/[A-Z]/, 'must contain an upper-case letter')
      .regex(/[0-9]/, 'must contain a digit')
      .default(DEVELOPMENT_ADMIN.password),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && env.CMS_ADMIN_PASSWORD === DEVELOPMENT_ADMIN.password) {
      context.addIssue({
        code: 'custom',
        path: ['CMS_ADMIN_PASSWORD'],
        message: 'must be set to your own password in production (the development default is public)',
      });
    }
  });

export type CmsEnv = z.infer<typeof cmsEnvSchema>;

/** Parses an environment; throws one Error naming the variable and what is wrong. */
export function parseCmsEnv(env: NodeJS.ProcessEnv): CmsEnv {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => Boolean(value)));
  const result = cmsEnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path[0] === undefined ? 'environment' : String(issue.path[0]);
    const message = issue?.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue?.message;
    throw new Error(`Invalid configuration: ${variable} ${message ?? 'is invalid'}`);
  }
  return result.data;
}

let parsed: CmsEnv | undefined;

/** The parsed environment; on bad configuration, prints the one message and exits. */
export function cmsEnv(): CmsEnv {
  if (!parsed) {
    try {
      parsed = parseCmsEnv(process.env);
    } catch (error) {
      console.error(`cms: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  return parsed;
}

export function cmsPublicDir(env: CmsEnv): string {
  return path.join(env.CMS_DATA_DIR, 'cms-public');
}
