/**
 * The admin area's searched, paged lists (docs/product.md#support-console): `?q=&limit=&cursor=`,
 * answered `{ items, nextCursor }`, newest first. A cursor is the last item's time and id,
 * which the next page starts after: keyset paging, so page 1,000 costs what page 1 does.
 */
import { z } from 'zod';
import { ADMIN_PAGE_MAX, ADMIN_SEARCH_MAX_LENGTH } from './constants.ts';

/**
 * Where the next page starts: the last item's time and id, opaque to the caller. A cursor
 * that was not made by the service is refused with 400.
 */
export const pageCursorSchema = z
  .string()
  .max(200, 'cursore non valido')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursore non valido');

/** `?q=&limit=&cursor=` of a searched, paged admin list. */
export const adminPageQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, 'ricerca troppo lunga').optional(),
  limit: z.coerce
    .number()
    .int('il limite deve essere un numero intero')
    .min(1, 'il limite deve essere almeno 1')
    .max(ADMIN_PAGE_MAX, `il limite non può superare ${ADMIN_PAGE_MAX}`)
    .optional(),
  cursor: pageCursorSchema.optional(),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** A page of a list: its items and the cursor of the next page, null on the last. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
