/**
 * The CMS admin's customisations: the Newsletter panel in a newsletter issue's edit view
 * (docs/product.md#keeping-in-touch).
 */
import type { StrapiApp } from '@strapi/strapi/admin';
import type { ContentManagerPlugin } from '@strapi/content-manager/strapi-admin';
import { NewsletterPanel } from './newsletter-panel';

export default {
  config: { locales: [] },
  bootstrap(app: StrapiApp) {
    const contentManager = app.getPlugin('content-manager');
    const apis = contentManager.apis as ContentManagerPlugin['config']['apis'];
    apis.addEditViewSidePanel([NewsletterPanel]);
  },
};
