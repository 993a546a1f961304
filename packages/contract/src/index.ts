/** The commerce API's contract: its request and response schemas, their types and shared words. */
export * from './admin-orders.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './catalogue-seed.ts';
export * from './charged-amounts.ts';
export * from './checkout.ts';
export * from './constants.ts';
export * from './contact-choices.ts';
export * from './downloads.ts';
export * from './failure-texts.ts';
export * from './forms.ts';
export * from './memberships.ts';
export * from './orders.ts';
export * from './paging.ts';
export * from './subscriptions.ts';
