/** The storefront's draft preview reads a post's latest draft here, with the shared secret. */
export default {
  routes: [
    {
      method: 'GET',
      path: '/preview/blog-posts/:slug',
      handler: 'preview.findDraftBySlug',
      config: { auth: false, policies: [] },
    },
  ],
};
