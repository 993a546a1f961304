/**
 * Library link tokens (src/signed-token.ts): the payload names an order and the generation of
 * its library link, with no expiry: the link works while its order does and until a resend
 * moves the generation on (docs/product.md#library). Labelled, so that no other token of the
 * same secret can pass for one.
 */
import { z } from 'zod';
import { signToken, verifyToken } from '../../signed-token.ts';

const payloadSchema = z.object({
  t: z.literal('library'),
  o: z.string().min(1).max(64),
  g: z.number().int().positive(),
});

export interface LibraryGrant {
  orderId: string;
  generation: number;
}

export function signLibraryToken(grant: LibraryGrant, secret: string): string {
  return signToken({ t: 'library', o: grant.orderId, g: grant.generation }, secret);
}

/** The grant of a token signed with this secret, or null. */
export function verifyLibraryToken(token: string, secret: string): LibraryGrant | null {
  const parsed = verifyToken(token, secret, payloadSchema);
  return parsed ? { orderId: parsed.o, generation: parsed.g } : null;
}
