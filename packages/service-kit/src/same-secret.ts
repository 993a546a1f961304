import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a request's secret is the expected one, compared in constant time (hashing first
 * makes the lengths equal). No expected secret matches nothing.
 */
export function sameSecret(
  given: string | null | undefined,
  expected: string | undefined,
): boolean {
  if (!expected || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
