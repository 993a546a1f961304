import type { Core } from '@strapi/strapi';
import { bootstrap } from './bootstrap';
import { cmsEnv, exitOnConfigError, requireSecrets } from './env';

export default {
  register() {
    exitOnConfigError(() => requireSecrets(cmsEnv()));
  },
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrap(strapi);
  },
};
