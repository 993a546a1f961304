/**
 * The commerce service delivers each buyer's review here, with its MEMBER_CONTENT_SECRET
 * (checked by the controller); it is saved as a draft for the marketers to approve
 * (docs/product.md#keeping-in-touch).
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/reviews/from-commerce',
      handler: 'from-commerce.create',
      config: { auth: false, policies: [] },
    },
  ],
};
