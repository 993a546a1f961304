/** The commerce API's request and response schemas, imported by the storefront. */
export * from './modules/catalogue/schemas.ts';
export * from './modules/checkout/schemas.ts';
export * from './modules/orders/schemas.ts';
export * from './modules/memberships/schemas.ts';
export * from './modules/forms/schemas.ts';
export * from './modules/subscriptions/schemas.ts';
export * from './modules/auth/schemas.ts';
export * from './paging.ts';
export * from './modules/audit/schemas.ts';
export * from './modules/admin-orders/schemas.ts';
export * from './modules/downloads/schemas.ts';
