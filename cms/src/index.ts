import type { Core } from '@strapi/strapi';
import { requireTranscriptToPublish } from './api/member-resource/transcript-required';
import { bootstrap } from './bootstrap';
import { cmsEnv, exitOnConfigError, requireRuntimeSettings } from './env';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    exitOnConfigError(() => requireRuntimeSettings(cmsEnv()));
    requireTranscriptToPublish(strapi);
  },
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrap(strapi);
  },
};
