/** The carousel's arrows wrap around (spec §2 Shop): before the first comes the last. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
