import { factories } from '@strapi/strapi';

// The shop lists the published reviews (docs/product.md#keeping-in-touch); nothing else is public.
export default factories.createCoreRouter('api::review.review', { only: ['find'] });
