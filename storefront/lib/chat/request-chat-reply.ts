/**
 * The browser's side of the chat: asks our `/api/chat` and, when that fails in any way, answers
 * with the canned reply itself, so the visitor never sees an error
 * (docs/product.md#error-catalogue).
 */
import { cannedReply } from './canned-replies';
import type { ChatCatalogue } from './chat-catalogue';

/** Longer than the server's wait for the model, so its own fallback normally answers first. */
const REPLY_TIMEOUT_MS = 15_000;

export async function requestChatReply(message: string, catalogue: ChatCatalogue): Promise<string> {
  try {
    const response = await fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
    });
    if (response.ok) {
      const { reply } = ((await response.json()) ?? {}) as { reply?: unknown };
      if (typeof reply === 'string' && reply.trim()) return reply;
    }
  } catch (error) {
    console.error('Chatbot error', error);
  }
  return cannedReply(message, catalogue);
}
