/**
 * Answers one chat message: from the configured OpenAI-compatible model when it gives a usable
 * reply, else from the canned replies (docs/product.md#validation, #error-catalogue). The key stays
 * on the server.
 */
import 'server-only';
import { z } from 'zod';
import { SUPPORT_EMAIL, cannedReply } from './canned-replies';
import type { ChatCatalogue } from './chat-catalogue';

/** Shorter remote replies are unusable (docs/product.md#constants-and-limits). */
export const MIN_USABLE_REPLY_LENGTH = 10;
/** A visitor waits no longer than this for the model before the canned reply is given. */
export const MODEL_TIMEOUT_MS = 10_000;

/** The model's instructions, with the eBooks' names and prices from the catalogue. */
export const chatPersonaPrompt = ({ guide, stories, pack, currency }: ChatCatalogue) =>
  [
    'You are the ABA Specialist Assistant of ABA Parent Guides, a shop that sells digital eBooks on applied behavior analysis (ABA) to parents and caregivers of autistic children.',
    'Answer warmly, in plain language, in at most 120 words, with practical and safe strategies a parent can use at home.',
    guide && stories && pack
      ? `Facts you may use: '${guide.name}' costs ${guide.price}, '${stories.name}' ${stories.price} (5 family stories, progress-tracking templates), '${pack.name}' ${pack.price} (both eBooks, save 10%), all in ${currency}.`
      : 'The eBooks and their prices are listed in the Shop; do not quote prices.',
    'Each eBook has 10 chapters and 40-60 pages, comes as a PDF with an MP3 audiobook, with instant download, lifetime access and no login needed. The strategies suit children aged 2 to 18; families typically notice results within 2-4 weeks, though results vary and nothing is guaranteed.',
    `For download, payment or order problems, tell the parent to write to ${SUPPORT_EMAIL}; support replies within 24 hours.`,
    'The eBooks are educational and do not replace professional therapy. Never give medical advice or a diagnosis; suggest a qualified professional such as a BCBA or doctor instead. Do not invent products, prices or promises.',
  ].join(' ');

export interface ChatModelSettings {
  CHAT_API_URL?: string;
  CHAT_API_KEY?: string;
  CHAT_MODEL: string;
}

export interface ChatAnswer {
  reply: string;
  source: 'model' | 'canned';
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

class UnusableReply extends Error {}

async function askModel(
  message: string,
  { CHAT_API_URL, CHAT_API_KEY, CHAT_MODEL }: ChatModelSettings & { CHAT_API_URL: string },
  catalogue: ChatCatalogue,
  timeoutMs: number,
): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (CHAT_API_KEY) headers.authorization = `Bearer ${CHAT_API_KEY}`;
  const response = await fetch(CHAT_API_URL, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: CHAT_MODEL,
      messages: [
        { role: 'system', content: chatPersonaPrompt(catalogue) },
        { role: 'user', content: message },
      ],
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new UnusableReply(`the model answered HTTP ${response.status}`);
  const body = completionSchema.safeParse(await response.json().catch(() => undefined));
  if (!body.success) throw new UnusableReply('the model answered a malformed body');
  const reply = body.data.choices[0]?.message.content.trim() ?? '';
  if (reply.length < MIN_USABLE_REPLY_LENGTH) {
    throw new UnusableReply(`the model's reply was ${reply.length} characters long`);
  }
  return reply;
}

/** Why the call failed, in words that carry neither the key nor the model's address. */
function failureReason(error: unknown): string {
  if (error instanceof UnusableReply) return error.message;
  // Read by name, not instanceof: fetch's DOMException and TypeError may come from another
  // realm. The cause carries a code such as ECONNREFUSED; its message would name the host.
  const { name, cause } = (error ?? {}) as { name?: unknown; cause?: { code?: unknown } };
  if (name === 'TimeoutError') return 'the model did not answer in time';
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `the model could not be reached${code}`;
}

export async function answerChatMessage(
  message: string,
  settings: ChatModelSettings,
  catalogue: ChatCatalogue,
  { timeoutMs = MODEL_TIMEOUT_MS, log = console.error } = {},
): Promise<ChatAnswer> {
  const { CHAT_API_URL } = settings;
  if (!CHAT_API_URL) return { reply: cannedReply(message, catalogue), source: 'canned' };
  try {
    return {
      reply: await askModel(message, { ...settings, CHAT_API_URL }, catalogue, timeoutMs),
      source: 'model',
    };
  } catch (error) {
    log('Chatbot error:', failureReason(error));
    return { reply: cannedReply(message, catalogue), source: 'canned' };
  }
}
