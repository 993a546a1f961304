/**
 * Library link tokens (src/signed-token.ts): the payload names an order, the generation of its
 * library link and when the link expires. The link opens a library while its order is paid,
 * until it expires, and until the buyer or support retires the address's links, which moves
 * the generation of every order of the address on (docs/product.md#library). Labelled, so that
 * no other token of the same secret can pass for one.
 */
import { z } from 'zod';
import { signToken, verifyToken } from '../../signed-token.ts';

const payloadSchema = z.object({
  t: z.literal('library'),
  o: z.string().min(1).max(64),
  g: z.number().int().positive(),
  // Links sent before links expired carry no expiry: they count as expired.
  x: z.number().int().positive().optional(),
});

export interface LibraryGrant {
  orderId: string;
  generation: number;
}

/** A grant as its token carries it: with when it expires, in seconds since the epoch. */
export interface SignedLibraryGrant extends LibraryGrant {
  expiresAt: number;
}

export function signLibraryToken(grant: SignedLibraryGrant, secret: string): string {
  return signToken(
    { t: 'library', o: grant.orderId, g: grant.generation, x: grant.expiresAt },
    secret,
  );
}

/** The grant of a token signed with this secret, expired or not, or null. */
export function verifyLibraryToken(token: string, secret: string): SignedLibraryGrant | null {
  const parsed = verifyToken(token, secret, payloadSchema);
  return parsed ? { orderId: parsed.o, generation: parsed.g, expiresAt: parsed.x ?? 0 } : null;
}
