import { ADMIN_PAGE_MAX } from './constants.ts';
import { adminPageQuerySchema, pageCursorSchema } from './paging.ts';

describe('an admin list query', () => {
  it('reads the limit from the query string as a whole number up to the page maximum', () => {
    expect(adminPageQuerySchema.parse({ limit: '25', q: ' ada@example.com ' })).toEqual({
      limit: 25,
      q: 'ada@example.com',
    });
    expect(adminPageQuerySchema.safeParse({ limit: String(ADMIN_PAGE_MAX + 1) }).success).toBe(
      false,
    );
    expect(adminPageQuerySchema.safeParse({ limit: '2.5' }).success).toBe(false);
  });

  it('refuses a cursor with characters a cursor the service made never has', () => {
    expect(pageCursorSchema.safeParse('MjAyNi0xMS0yN1Q_abc-').success).toBe(true);
    expect(pageCursorSchema.safeParse('abc/def').success).toBe(false);
    expect(pageCursorSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
});
