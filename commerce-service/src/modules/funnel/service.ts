/**
 * The way to payment (docs/product.md#sales-figures): views of the shop page and checkouts
 * started are counted here by the day; payments are the orders themselves.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countStep, stepsIn } from './repository.ts';

export interface FunnelDependencies {
  db: Kysely<Database>;
}

export const recordShopView = (deps: FunnelDependencies) => countStep(deps.db, 'shop_view');

export const recordCheckoutStarted = (deps: FunnelDependencies) =>
  countStep(deps.db, 'checkout_started');

/** How many times the shop page was viewed and checkouts started, days `from` to `to` included. */
export const funnelStepsIn = (deps: FunnelDependencies, from: string, to: string) =>
  stepsIn(deps.db, from, to);
