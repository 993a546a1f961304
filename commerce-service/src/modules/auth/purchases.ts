/** A signed-in buyer's purchases, matched by the e-mail they paid with (spec §1). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../plugins/config.ts';
import type { Books } from '../downloads/assets.ts';
import { signDownloadLinks } from '../downloads/service.ts';
import type { Purchases } from './schemas.ts';

export async function listPurchases(
  db: Kysely<Database>,
  config: Config,
  books: Books,
  email: string,
): Promise<Purchases> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
  const ids = orders.map((order) => order.id);
  const [lines, entitlements, subscriptions] = await Promise.all([
    ids.length
      ? db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).execute()
      : [],
    ids.length
      ? db
          .selectFrom('entitlements')
          .selectAll()
          .where('order_id', 'in', ids)
          .where('revoked_at', 'is', null)
          .execute()
      : [],
    db
      .selectFrom('subscription_records')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    orders: orders.map((order) => ({
      orderId: order.id,
      checkoutSessionId: order.checkout_session_id,
      createdAt: order.created_at,
      status: order.status,
      amountTotal: order.amount_total,
      currency: order.currency,
      products: lines
        .filter((line) => line.order_id === order.id)
        .map((line) => ({
          productId: line.product_id,
          productName: line.product_name,
          quantity: line.quantity,
        })),
      files: signDownloadLinks(
        entitlements.filter((entitlement) => entitlement.order_id === order.id),
        config,
        books,
      ).map(({ kind, label, url }) => ({ kind, label, url })),
    })),
    subscriptions,
  };
}
