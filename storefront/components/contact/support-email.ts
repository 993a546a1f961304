/** The shop's support address, the same one the legal pages give. */
export const SUPPORT_EMAIL = 'support@abaparentguides.com';
