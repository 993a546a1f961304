import { sql, type Kysely } from 'kysely';
import { newOrderNumber } from '../../modules/orders/order-number.ts';

/**
 * Every order gains a public number (docs/product.md#order-reference): what stamps, receipts,
 * the account page, support's views and the accountant's CSV name it by, instead of the
 * checkout session id that opens the order's page. The orders taken before are numbered here,
 * and each withdrawal's record keeps the number of its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'varchar(16)').execute();
  const orders = db as unknown as Kysely<{ orders: { id: string; number: string | null } }>;
  const unnumbered = await orders.selectFrom('orders').select('id').execute();
  const drawn = new Set<string>();
  for (const { id } of unnumbered) {
    let number = newOrderNumber();
    while (drawn.has(number)) number = newOrderNumber();
    drawn.add(number);
    await orders.updateTable('orders').set({ number }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('orders_number').unique().on('orders').column('number').execute();
  // A withdrawal's record names the order as its acknowledgement did.
  await db.schema.alterTable('withdrawals').addColumn('order_number', 'varchar(16)').execute();
  await sql`update withdrawals set order_number =
    (select number from orders where orders.id = withdrawals.order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('order_number').execute();
  await db.schema.dropIndex('orders_number').execute();
  await db.schema.alterTable('orders').dropColumn('number').execute();
}
