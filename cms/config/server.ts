import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { cmsEnv, cmsPublicDir } from '../src/env';

export default () => {
  const env = cmsEnv();
  // Uploaded media live beside the database, so a fresh data directory is a fresh CMS.
  mkdirSync(path.join(cmsPublicDir(env), 'uploads'), { recursive: true });
  return {
    host: env.HOST,
    port: env.PORT,
    url: env.CMS_PUBLIC_URL ?? '',
    app: { keys: env.APP_KEYS },
    dirs: { public: cmsPublicDir(env) },
    // Strapi's start-up banner is a table for a person at a terminal: in development only, so
    // that elsewhere every line is the JSON of config/logger.ts.
    logger: { updates: { enabled: false }, startup: { enabled: env.NODE_ENV === 'development' } },
    transfer: { remote: { enabled: false } },
  };
};
