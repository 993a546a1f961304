/**
 * Small checks for the commerce service's JSON answers in browser code, written by hand so
 * that zod stays out of the pages' first-load JavaScript.
 */

/** The value when it is an absolute http(s) address, the only kind a buyer may be sent to. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? value : null;
}

/** A property of an object answer, or undefined for anything else. */
export const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isInteger = (value: unknown): value is number => Number.isInteger(value);
