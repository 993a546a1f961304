/** The carousel's arrows wrap around (docs/product.md#shop): before the first comes the last. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
