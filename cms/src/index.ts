import type { Core } from '@strapi/strapi';
import { requireTranscriptToPublish } from './api/member-resource/transcript-required';
import { requireWholeButtonLinks } from './api/newsletter-issue/button-link';
import { registerNewsletterPanelRoutes } from './api/newsletter-issue/panel-routes';
import { refuseHandWrittenReviews } from './api/review/reviews-from-the-shop';
import { bootstrap } from './bootstrap';
import { cmsEnv, exitOnConfigError, requireRuntimeSettings } from './env';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    exitOnConfigError(() => requireRuntimeSettings(cmsEnv()));
    requireTranscriptToPublish(strapi);
    requireWholeButtonLinks(strapi);
    refuseHandWrittenReviews(strapi);
    registerNewsletterPanelRoutes(strapi);
  },
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrap(strapi);
  },
};
