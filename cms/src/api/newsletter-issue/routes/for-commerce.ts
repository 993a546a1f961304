/**
 * Newsletter issues have no public API, only this read, which answers the commerce service
 * alone (its MEMBER_CONTENT_SECRET, checked by the controller): it sends what is published
 * (docs/product.md#keeping-in-touch).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/newsletter-issues/for-commerce',
      handler: 'newsletter-issue.forCommerce',
      config: { auth: false, policies: [] },
    },
  ],
};
