import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::faq-item.faq-item');
