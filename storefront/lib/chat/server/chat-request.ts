/**
 * What `POST /api/chat` accepts (the protocol's request, ../protocol.ts, checked), and who is
 * asking, for the rate limit (docs/product.md#chat-assistant).
 */
import { z } from 'zod';
import { readBodyUpTo } from '@/lib/read-body';
import {
  CHAT_STREAM_TYPE,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_HISTORY_TURNS,
  MAX_HISTORY_TURN_LENGTH,
} from '../protocol';

/**
 * A body above this is refused unread (413): room for the longest message and the longest
 * conversation even when every character is written as a JSON escape (\uXXXX), but no more.
 */
export const MAX_CHAT_BODY_BYTES =
  6 * (MAX_CHAT_MESSAGE_LENGTH + MAX_HISTORY_TURNS * MAX_HISTORY_TURN_LENGTH) + 2 * 1024;
/** Messages one visitor may send per minute: plenty to chat, too few to run up a model bill. */
export const CHAT_RATE_LIMIT = { limit: 10, windowMs: 60_000 };

const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: "each turn's role must be 'user' or 'assistant'" }),
  content: z
    .string({ error: "each turn's content must be a string" })
    .trim()
    .min(1, "a turn's content must not be empty")
    .max(
      MAX_HISTORY_TURN_LENGTH,
      `a turn's content must be at most ${MAX_HISTORY_TURN_LENGTH} characters`,
    ),
});

export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'message must be a string' })
    .trim()
    .min(1, 'message must not be empty')
    .max(MAX_CHAT_MESSAGE_LENGTH, `message must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`),
  /** The conversation before this message, oldest first (the protocol's ChatRequestBody). */
  history: z
    .array(chatTurnSchema, { error: 'history must be a list of {role, content} turns' })
    .max(MAX_HISTORY_TURNS, `history must hold at most ${MAX_HISTORY_TURNS} turns`)
    .default([]),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;

export type ChatRequestResult =
  ({ ok: true } & ChatRequest) | { ok: false; status: 400 | 413; message: string };

const TOO_LARGE = {
  ok: false,
  status: 413,
  message: `The body must be at most ${MAX_CHAT_BODY_BYTES} bytes`,
} as const;

export async function readChatRequest(request: Request): Promise<ChatRequestResult> {
  const body = await readBodyUpTo(request, MAX_CHAT_BODY_BYTES);
  if (body === null) return TOO_LARGE;
  const text = new TextDecoder().decode(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      status: 400,
      message: 'The body must be JSON such as {"message": "Hello"}',
    };
  }
  const parsed = chatRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path.length === 0
        ? 'The body must be a JSON object such as {"message": "Hello"}'
        : (issue?.message ?? 'The body is not valid');
    return { ok: false, status: 400, message };
  }
  return { ok: true, ...parsed.data };
}

/** Whether the client takes the reply as it is written (server-sent events) rather than JSON. */
export function wantsStream(headers: Headers): boolean {
  return (headers.get('accept') ?? '').toLowerCase().includes(CHAT_STREAM_TYPE);
}

/**
 * The visitor's address: x-forwarded-for, which the storefront's server (server.mjs) sets to
 * the one address it believes, from the socket and the trusted proxies; whatever the visitor
 * sent there, or in x-real-ip, is gone by then. Requests without it share one key, which errs
 * towards refusing rather than allowing.
 */
export function visitorKey(headers: Headers): string {
  return headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown-visitor';
}
