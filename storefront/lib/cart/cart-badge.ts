/**
 * The bag's badge (docs/product.md#constants-and-limits): the number of distinct lines, '99+' above
 * 99, nothing when empty.
 */
export function cartBadgeText(lineCount: number): string | null {
  if (lineCount <= 0) return null;
  return lineCount > 99 ? '99+' : String(lineCount);
}

/** The bag button's accessible name, e.g. 'Cart, 2 items'. */
export function cartButtonLabel(lineCount: number): string {
  if (lineCount <= 0) return 'Cart, empty';
  return `Cart, ${lineCount} ${lineCount === 1 ? 'item' : 'items'}`;
}
