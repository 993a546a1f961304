/** The commerce API's request and response schemas, imported by the storefront. */
export * from './modules/catalogue/schemas.ts';
