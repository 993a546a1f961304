import type { Core } from '@strapi/strapi';
import { bootstrap } from './bootstrap';
import { cmsEnv, exitOnConfigError, requireRuntimeSettings } from './env';

export default {
  register() {
    exitOnConfigError(() => requireRuntimeSettings(cmsEnv()));
  },
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrap(strapi);
  },
};
