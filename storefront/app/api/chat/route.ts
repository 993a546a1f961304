/**
 * The chat assistant (docs/product.md#chat-assistant): the answer from the shop's content, or
 * from the configured model grounded in it; server-sent events to a client that asks for them
 * (`Accept: text/event-stream`), else `{reply, source, sources}` as JSON.
 */
import { answerChat, collectAnswer } from '@/lib/chat/server/chat-service';
import { chatStreamResponse } from '@/lib/chat/server/chat-stream';
import {
  CHAT_RATE_LIMIT,
  readChatRequest,
  visitorKey,
  wantsStream,
} from '@/lib/chat/server/chat-request';
import { createChatLimiter, type AsyncRateLimiter } from '@/lib/chat/server/chat-limiter';
import { shopKnowledge } from '@/lib/chat/server/shop-knowledge';
import { storefrontConfig } from '@/lib/config';
import { sharedRedis } from '@/lib/redis/shared-redis';

let limiter: AsyncRateLimiter | undefined;

/** The limit, made at the first message: in Redis when the storefront has one. */
function chatLimiter(): AsyncRateLimiter {
  const redis = sharedRedis();
  return createChatLimiter(
    CHAT_RATE_LIMIT,
    redis && { redis, prefix: storefrontConfig().REDIS_PREFIX },
  );
}

export async function POST(request: Request) {
  limiter ??= chatLimiter();
  const decision = await limiter.hit(visitorKey(request.headers));
  if (!decision.allowed) {
    return Response.json(
      { message: 'Too many messages. Please wait a moment and try again.' },
      { status: 429, headers: { 'retry-after': String(decision.retryAfterSeconds) } },
    );
  }
  const parsed = await readChatRequest(request);
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: parsed.status });
  const events = answerChat(
    { message: parsed.message, history: parsed.history },
    await shopKnowledge(),
    storefrontConfig(),
    { signal: request.signal },
  );
  return wantsStream(request.headers)
    ? chatStreamResponse(events)
    : Response.json(await collectAnswer(events));
}
