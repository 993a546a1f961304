/**
 * Member resources have no public API, only this read, which answers the commerce service
 * alone (its MEMBER_CONTENT_SECRET, checked by the controller).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/member-resources/for-commerce',
      handler: 'member-resource.forCommerce',
      config: { auth: false, policies: [] },
    },
  ],
};
