/**
 * Download tokens (src/signed-token.ts): the payload names the entitlement, the file and the
 * expiry, so a token cannot be forged, altered to another file or extended.
 */
import { z } from 'zod';
import { signToken, verifyToken } from '../../signed-token.ts';

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

export function signDownloadToken(grant: DownloadGrant, secret: string): string {
  return signToken({ e: grant.entitlementId, f: grant.fileKey, x: grant.expiresAt }, secret);
}

export type TokenCheck = { ok: true; grant: DownloadGrant; expired: boolean } | { ok: false };

/** Checks the signature; a token whose signature fails says nothing about its contents. */
export function verifyDownloadToken(token: string, secret: string, nowSeconds: number): TokenCheck {
  const parsed = verifyToken(token, secret, payloadSchema);
  if (!parsed) return { ok: false };
  return {
    ok: true,
    grant: { entitlementId: parsed.e, fileKey: parsed.f, expiresAt: parsed.x },
    expired: parsed.x <= nowSeconds,
  };
}
