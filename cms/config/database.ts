import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { cmsEnv } from '../src/env';

/** SQLite file under the data directory by default; PostgreSQL when CMS_DATABASE_URL is set. */
export default () => {
  const env = cmsEnv();
  if (env.CMS_DATABASE_URL) {
    return {
      connection: {
        client: 'postgres',
        connection: { connectionString: env.CMS_DATABASE_URL },
        pool: { min: 0, max: 10 },
      },
    };
  }
  mkdirSync(env.CMS_DATA_DIR, { recursive: true });
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.join(env.CMS_DATA_DIR, 'cms.sqlite') },
      useNullAsDefault: true,
    },
  };
};
