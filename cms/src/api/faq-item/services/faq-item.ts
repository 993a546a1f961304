import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::faq-item.faq-item');
