/**
 * Makes what every commerce test file starts from (./global-setup.ts): the sample eBook files
 * in `<folder>/assets` and a database the app has started on once (migrated, Better Auth's
 * tables made, the catalogue seeded): a new PostgreSQL database when TEST_DATABASE_URL is set,
 * else `<folder>/commerce.sqlite`. Prints the PostgreSQL database's name, if any.
 *
 * Run as its own process (tsx), where the app's modules load as they do in the service.
 */
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ensureSampleAssets } from '../dev/sample-assets.ts';
import { TEST_ENV, createDatabase, postgresUrlOf } from './database.ts';

const folder = process.argv[2];
if (!folder) throw new Error('Usage: make-template.ts <folder>');
const assetsDir = path.join(folder, 'assets');
ensureSampleAssets(assetsDir);
const baseUrl = process.env.TEST_DATABASE_URL;
const name = baseUrl ? await createDatabase(baseUrl, 'commerce_template') : undefined;
const config = loadConfig({
  ...TEST_ENV,
  DATA_DIR: folder,
  ASSETS_DIR: assetsDir,
  ...(baseUrl && name ? { DATABASE_URL: postgresUrlOf(baseUrl, name) } : {}),
});
const app = await buildApp(config, { sendMail: async () => undefined });
await app.close();
process.stdout.write(name ?? '');
