/** Removes what the global set-up made (./global-setup.ts). */
import { rmSync } from 'node:fs';
import { TEMPLATE_ENV, dropDatabase } from './database.ts';

export default async function globalTeardown() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const name = process.env[TEMPLATE_ENV.postgres];
  if (baseUrl && name) await dropDatabase(baseUrl, name);
  const folder = process.env[TEMPLATE_ENV.folder];
  if (folder) rmSync(folder, { recursive: true, force: true });
}
