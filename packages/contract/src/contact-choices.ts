/**
 * The contact form's choices (docs/product.md#constants-and-limits). Free of zod so that the
 * storefront's browser code can import them (as `@aba-shop/contract/contact-choices`) without
 * the schema library.
 */
export const CONTACT_SUBJECTS = [
  'General Question',
  'eBook Support',
  'ABA Strategy Help',
  'Technical Issue',
  'Partnership Inquiry',
  'Other',
] as const;

export const CHILD_AGES = [
  'Under 2 years',
  '2-3 years',
  '4-5 years',
  '6-8 years',
  '9-12 years',
  '13+ years',
  'Prefer not to say',
] as const;
