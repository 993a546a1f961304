/**
 * The service's configuration, parsed once from the environment at start.
 * Nothing else in the service reads process.env.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const PORT_ERROR = 'must be a port number from 0 to 65535';
const port = z.coerce
  .number({ error: PORT_ERROR })
  .int(PORT_ERROR)
  .min(0, PORT_ERROR)
  .max(65535, PORT_ERROR);
const url = () => z.url({ error: 'must be an absolute URL such as http://127.0.0.1:3000' });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(repositoryRoot, '.data')),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  STOREFRONT_URL: url().default('http://127.0.0.1:3000'),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute path of the SQLite file used when DATABASE_URL is not set. */
  sqliteFile: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one ConfigError naming the variable and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  return { ...result.data, DATA_DIR: dataDir, sqliteFile: path.join(dataDir, 'commerce.sqlite') };
}

/** An empty variable (FOO=) means "not set", so the default applies. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
