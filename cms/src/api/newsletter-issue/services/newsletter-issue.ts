import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::newsletter-issue.newsletter-issue');
