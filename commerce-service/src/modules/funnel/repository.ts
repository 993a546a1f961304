/**
 * The way to payment, counted by the day (docs/product.md#sales-figures): one row per day and
 * step holding a count, and nothing else, so nothing in it can tell one visitor from another.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type FunnelStep = 'shop_view' | 'checkout_started';

export async function countStep(db: Kysely<Database>, step: FunnelStep, at = new Date()) {
  await db
    .insertInto('funnel_days')
    .values({ day: at.toISOString().slice(0, 10), step, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['day', 'step']).doUpdateSet({ count: sql`funnel_days.count + 1` }),
    )
    .execute();
}

/** How many times each step was taken from `from` to `to` (days, both included). */
export async function stepsIn(db: Kysely<Database>, from: string, to: string) {
  const rows = await db
    .selectFrom('funnel_days')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select(['step', sql<number>`sum(count)`.as('count')])
    .groupBy('step')
    .execute();
  const of = (step: FunnelStep) => Number(rows.find((row) => row.step === step)?.count ?? 0);
  return { shopViews: of('shop_view'), checkoutsStarted: of('checkout_started') };
}
