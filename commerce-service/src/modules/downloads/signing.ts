/**
 * Download tokens: `<payload>.<signature>`, both base64url. The payload names the entitlement,
 * the file and the expiry; the signature is an HMAC-SHA256 over it with the service's secret,
 * checked in constant time. A token cannot be forged, altered to another file or extended.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const payloadSchema = z.object({
  e: z.string().min(1).max(64),
  f: z.string().regex(/^[a-z0-9-]+\.(pdf|mp3)$/),
  x: z.number().int().positive(),
});

export interface DownloadGrant {
  entitlementId: string;
  fileKey: string;
  /** Unix seconds. */
  expiresAt: number;
}

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signDownloadToken(grant: DownloadGrant, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ e: grant.entitlementId, f: grant.fileKey, x: grant.expiresAt }),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret).toString('base64url')}`;
}

export type TokenCheck = { ok: true; grant: DownloadGrant; expired: boolean } | { ok: false };

/** Checks the signature; a token whose signature fails says nothing about its contents. */
export function verifyDownloadToken(token: string, secret: string, nowSeconds: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || token.length > 1024) return { ok: false };
  const [payload, signature] = parts as [string, string];
  const expected = sign(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { ok: false };
  }
  return {
    ok: true,
    grant: { entitlementId: parsed.e, fileKey: parsed.f, expiresAt: parsed.x },
    expired: parsed.x <= nowSeconds,
  };
}
