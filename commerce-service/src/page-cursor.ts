/**
 * The paging of an admin list (@aba-shop/contract's paging.ts): its cursor, the last item's
 * time and id, opaque to callers (one not made here is refused), and its query, newest first,
 * after the cursor's position, one row past the limit so that pageFrom sees a next page.
 */
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import { InvalidInputError } from './domain-errors.ts';

export interface PagePosition<Id extends string | number> {
  createdAt: string;
  id: Id;
}

export function encodeCursor(position: PagePosition<string | number>): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

const NOT_A_CURSOR = 'Il cursore non è valido: ricarica la lista dalla prima pagina';

export function decodeCursor<Id extends string | number>(
  cursor: string,
  idType: Id extends number ? 'number' : 'string',
): PagePosition<Id> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInputError(NOT_A_CURSOR);
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 2 ||
    typeof decoded[0] !== 'string' ||
    decoded[0].length > 32 ||
    typeof decoded[1] !== idType ||
    (idType === 'number' && !Number.isSafeInteger(decoded[1])) ||
    (idType === 'string' && (decoded[1] as string).length > 64)
  ) {
    throw new InvalidInputError(NOT_A_CURSOR);
  }
  return { createdAt: decoded[0], id: decoded[1] as Id };
}

/**
 * One page of rows read one past the limit: the extra row only says there is a next page,
 * whose cursor is the last kept row's position.
 */
export function pageFrom<Row, Id extends string | number>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => PagePosition<Id>,
): { rows: Row[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    rows: kept,
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}

/**
 * Rows newest first, ties broken by id, after `after`: one comparison of (created_at, id), which
 * the lists' indexes serve (migration 0006).
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { createdAt: StringReference<DB, TB>; id: StringReference<DB, TB> },
  { after, limit }: { after: PagePosition<string | number> | null; limit: number },
): SelectQueryBuilder<DB, TB, O> {
  const { createdAt, id } = columns;
  const positioned = after
    ? query.where(
        sql<boolean>`(${sql.ref(createdAt)}, ${sql.ref(id)}) < (${after.createdAt}, ${after.id})`,
      )
    : query;
  return positioned
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(limit + 1);
}
