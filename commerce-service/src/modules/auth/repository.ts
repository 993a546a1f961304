import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The sign-in codes asked for this address since then, newest first (ISO times). */
export function listSignInCodeRequests(
  db: Kysely<Database>,
  email: string,
  since: string,
): Promise<{ requested_at: string; client: string | null }[]> {
  return db
    .selectFrom('sign_in_code_requests')
    .select(['requested_at', 'client'])
    .where('email', '=', email)
    .where('requested_at', '>=', since)
    .orderBy('requested_at', 'desc')
    .execute();
}

export async function recordSignInCodeRequest(
  db: Kysely<Database>,
  request: { email: string; client: string; requestedAt: string },
) {
  await db
    .insertInto('sign_in_code_requests')
    .values({
      id: randomUUID(),
      email: request.email,
      client: request.client,
      requested_at: request.requestedAt,
    })
    .execute();
}
