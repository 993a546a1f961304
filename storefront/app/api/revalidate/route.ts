/** The CMS's webhook: refreshes the cached content a marketer just changed, and the chat's index of it. */
import { revalidateTag } from 'next/cache';
import type { NextRequest } from 'next/server';
import { markShopKnowledgeStale } from '@/lib/chat/server/shop-knowledge';
import { tagsToRevalidate, webhookPayloadSchema } from '@/lib/cms/revalidation';
import { storefrontConfig } from '@/lib/config';
import { sameSecret } from '@aba-shop/service-kit/same-secret';

export async function POST(request: NextRequest) {
  const { REVALIDATE_SECRET } = storefrontConfig();
  if (!REVALIDATE_SECRET) {
    return Response.json(
      { message: 'Revalidation is not configured (REVALIDATE_SECRET)' },
      { status: 503 },
    );
  }
  if (!sameSecret(request.headers.get('x-revalidate-secret'), REVALIDATE_SECRET)) {
    return Response.json(
      { message: 'A valid x-revalidate-secret header is required' },
      { status: 401 },
    );
  }
  const payload = webhookPayloadSchema.safeParse(await request.json().catch(() => null));
  if (!payload.success) {
    return Response.json(
      { message: 'The body must be a CMS webhook payload with an event' },
      { status: 400 },
    );
  }
  const tags = tagsToRevalidate(payload.data);
  // Expire at once: the next visitor gets the new content, not the stale copy.
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  // The chat answers from the same content: its next question waits for a new index.
  if (tags.length) markShopKnowledgeStale();
  return Response.json({ revalidated: tags });
}
