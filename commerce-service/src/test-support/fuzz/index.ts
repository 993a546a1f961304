/** Property-based fuzzing of HTTP routes; the storefront's suite imports it from here too. */
export * from './answers.ts';
export * from './hostile-values.ts';
export * from './request-parts.ts';
export * from './schema-arbitrary.ts';
