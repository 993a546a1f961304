/**
 * The subscription records' SQL for the admin area: listed whole or a page at a time by one
 * exact search (docs/adr/0019-support-console-paging-search-and-audit.md). The records are the
 * orders module's: it makes them with the order and creates, edits and removes them for the
 * admin area (docs/adr/0045-each-table-written-by-its-owner.md).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newestFirstPage, type PagePosition } from '../../page-cursor.ts';
import { selectRecordsWithMembership } from '../memberships/service.ts';

/** Every record with its membership's state, newest first. */
export function listSubscriptionRecords(db: Kysely<Database>) {
  return selectRecordsWithMembership(db)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/**
 * Records newest first, those a search names if given, after a position if given; one more
 * than `limit`, to tell whether a next page exists. A search is an exact address (in any case)
 * or user id, or an exact user id or session id: each an indexed column (migration 0006). The
 * query itself, so that the bench can show its plan (bench/support-console.mjs).
 */
export function recordPageQuery(
  db: Kysely<Database>,
  { q, after, limit }: { q: string | null; after: PagePosition<number> | null; limit: number },
) {
  let query = selectRecordsWithMembership(db);
  if (q) {
    query = query.where((eb) =>
      q.includes('@')
        ? eb.or([eb(sql`lower(r.email)`, '=', q.toLowerCase()), eb('r.user_id', '=', q)])
        : eb.or([eb('r.user_id', '=', q), eb('r.session_id', '=', q)]),
    );
  }
  return newestFirstPage(query, { createdAt: 'r.created_at', id: 'r.id' }, { after, limit });
}

export function findSubscriptionRecord(db: Kysely<Database>, id: number) {
  return selectRecordsWithMembership(db).where('r.id', '=', id).executeTakeFirst();
}

/** Whether an insert or update failed on a unique column (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(error: unknown): boolean {
  return ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(
    (error as { code?: string } | undefined)?.code ?? '',
  );
}
