/** Property-based fuzzing of HTTP routes, for the commerce API's suite and the storefront's. */
export * from './answers.ts';
export * from './hostile-values.ts';
export * from './inject-requests.ts';
export * from './request-parts.ts';
export * from './schema-arbitrary.ts';
