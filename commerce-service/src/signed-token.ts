/**
 * Signed tokens: `<payload>.<signature>`, both base64url. The payload is JSON; the signature is
 * an HMAC-SHA256 over it with the service's secret, checked in constant time, so a token can be
 * neither forged nor altered. What a payload must hold is its user's schema.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signToken(payload: object, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(encoded, secret).toString('base64url')}`;
}

/** The payload of a token signed with this secret, or null; a bad signature says nothing more. */
export function verifyToken<Payload>(
  token: string,
  secret: string,
  schema: z.ZodType<Payload>,
): Payload | null {
  const parts = token.split('.');
  if (parts.length !== 2 || token.length > 1024) return null;
  const [payload, signature] = parts as [string, string];
  const expected = sign(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
