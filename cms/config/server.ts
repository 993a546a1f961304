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
    logger: { updates: { enabled: false }, startup: { enabled: true } },
    transfer: { remote: { enabled: false } },
  };
};
