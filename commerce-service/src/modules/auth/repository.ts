import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** When sign-in codes were asked for this address since then, newest first (ISO times). */
export async function listSignInCodeRequests(
  db: Kysely<Database>,
  email: string,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sign_in_code_requests')
    .select('requested_at')
    .where('email', '=', email)
    .where('requested_at', '>=', since)
    .orderBy('requested_at', 'desc')
    .execute();
  return rows.map((row) => row.requested_at);
}

export async function recordSignInCodeRequest(
  db: Kysely<Database>,
  email: string,
  requestedAt: string,
) {
  await db
    .insertInto('sign_in_code_requests')
    .values({ id: randomUUID(), email, requested_at: requestedAt })
    .execute();
}
