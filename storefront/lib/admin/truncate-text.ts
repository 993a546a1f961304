/**
 * Long ids in the admin list (docs/product.md#admin-subscription-records, #constants-and-limits):
 * the first N characters followed by '...', so 'abcdefghijklmnopqrstuvwxyz' becomes
 * 'abcdefghijklmnopqrst...' in the table. The full value stays available in a `title` attribute and
 * in the edit form.
 */
export const TABLE_TRUNCATE_LENGTH = 20;
export const CARD_TRUNCATE_LENGTH = 15;

export function truncateText(value: string, maxLength: number): string {
  // Counted in code points, so a character outside the BMP is never cut in half.
  const characters = [...value];
  if (characters.length <= maxLength) return value;
  return `${characters.slice(0, maxLength).join('')}...`;
}
