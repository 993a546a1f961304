/**
 * The journeys' movable clock for the scheduled messages (docs/product.md#keeping-in-touch):
 * instead of waiting days, a journey makes an address's pending messages due now, in the shared
 * shop's database, and the shop's own pass (every half second in the journeys) sends them.
 */
import { openSharedShopDatabase } from './commerce-database.js';

const database = () => openSharedShopDatabase({ writable: true });

/** Moves the clock to the due time of the address's pending messages (of one kind, if given). */
export async function bringDue(email: string, kind?: string): Promise<void> {
  const db = await database();
  try {
    await db.run(
      `update scheduled_messages set due_at = ? where email = ? and status = 'pending'${kind ? ' and kind = ?' : ''}`,
      new Date(Date.now() - 1000).toISOString(),
      email,
      ...(kind ? [kind] : []),
    );
  } finally {
    await db.close();
  }
}

/** The address's scheduled messages: kind, state and why a cancelled one was. */
export async function scheduledFor(email: string) {
  const db = await database();
  try {
    return await db.query<{ kind: string; status: string; cancel_reason: string | null }>(
      'select kind, status, cancel_reason from scheduled_messages where email = ? order by due_at',
      email,
    );
  } finally {
    await db.close();
  }
}
