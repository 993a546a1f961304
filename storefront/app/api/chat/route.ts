/**
 * The chat assistant's answers (docs/product.md#validation, #error-catalogue): the configured
 * model, else the canned replies.
 */
import { chatCatalogue } from '@/lib/chat/chat-catalogue';
import { answerChatMessage } from '@/lib/chat/chat-service';
import { CHAT_RATE_LIMIT, readChatRequest, visitorKey } from '@/lib/chat/chat-request';
import { createRateLimiter } from '@/lib/chat/rate-limit';
import { readCatalogue } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';

const limiter = createRateLimiter(CHAT_RATE_LIMIT);

export async function POST(request: Request) {
  const decision = limiter.hit(visitorKey(request.headers));
  if (!decision.allowed) {
    return Response.json(
      { message: 'Too many messages. Please wait a moment and try again.' },
      { status: 429, headers: { 'retry-after': String(decision.retryAfterSeconds) } },
    );
  }
  const parsed = await readChatRequest(request);
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: parsed.status });
  // Names and prices from the catalogue; without it the chat speaks of the books unpriced.
  const catalogue = chatCatalogue(await readCatalogue());
  return Response.json(await answerChatMessage(parsed.message, storefrontConfig(), catalogue));
}
