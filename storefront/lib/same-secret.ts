import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a presented secret with the expected one in constant time. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given ?? ''), digest(expected));
}
