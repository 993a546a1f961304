/**
 * The commerce service delivers each buyer's review here, with its MEMBER_CONTENT_SECRET
 * (checked by the controller); it is saved as a draft for the marketers to approve
 * (docs/product.md#keeping-in-touch). With the same secret it takes a review back when its buyer
 * is erased (docs/product.md#your-data).
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/reviews/from-commerce',
      handler: 'from-commerce.create',
      config: { auth: false, policies: [] },
    },
    {
      method: 'DELETE',
      path: '/reviews/from-commerce/:submissionId',
      handler: 'from-commerce.erase',
      config: { auth: false, policies: [] },
    },
  ],
};
