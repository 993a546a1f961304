/**
 * What the chat's two sides agree on: the browser's dialog (client/) and the route that answers
 * it (server/, behind `POST /api/chat`). Limits, the shapes that cross the wire and the names of
 * the stream's events live here, and nothing that runs. How a reply is made:
 * docs/adr/0020-chat-answers-from-shop-content.md and docs/product.md#chat-assistant.
 */

/** Where the dialog sends a message. */
export const CHAT_ROUTE = '/api/chat';

/** The longest chat message: the message box's limit and the route's. */
export const MAX_CHAT_MESSAGE_LENGTH = 1000;
/** The conversation's last turns that go with a message, so that a follow-up is understood. */
export const MAX_HISTORY_TURNS = 6;
/** A turn of the conversation is cut to this many characters before it is sent. */
export const MAX_HISTORY_TURN_LENGTH = 1000;

/** The address every reply, on either side, sends a visitor to when the chat cannot help. */
export { SUPPORT_EMAIL_DEFAULT as SUPPORT_EMAIL } from '@aba-shop/contract/constants';

/** One turn of the conversation, as the dialog sends it and the route reads it. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the dialog sends: the message, and the conversation before it, oldest first. */
export interface ChatRequestBody {
  message: string;
  history?: ChatTurn[];
}

/** A page a reply comes from, shown under it as a link. */
export interface ChatSource {
  title: string;
  url: string;
}

/** Who wrote a reply: the model, the shop's content, or the chat's own words. */
export type ChatReplySource = 'model' | 'content' | 'canned';

/** The whole answer, as the route sends it to a client that asks for JSON. */
export interface ChatAnswer {
  reply: string;
  /** 'model' when the model wrote it, 'content' when passages did, 'canned' otherwise. */
  source: ChatReplySource;
  sources: ChatSource[];
}

/** The media type of the streamed answer: a client that accepts it is sent the stream. */
export const CHAT_STREAM_TYPE = 'text/event-stream';

/** The stream's `finish` chunk carries this. */
export interface ChatMessageMetadata {
  source: ChatReplySource;
}

/**
 * The chunks of the AI SDK's UI message stream that the route writes and the dialog reads,
 * each a server-sent event's JSON. A reply is the last text part: a model's reply the content
 * replaced midway is followed by a second part.
 */
export type ChatStreamChunk =
  | { type: 'start' }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'finish'; messageMetadata: ChatMessageMetadata }
  | { type: 'error'; errorText: string };

/** An eBook as the chat may name it. */
export interface ChatBook {
  name: string;
  /** As the shop shows it: a $ sign and 2 decimals. */
  price: string;
}

/**
 * The eBooks' names and prices, which the server hands to the dialog for the replies it gives
 * itself when the route fails; a book the catalogue lacks is left out.
 */
export interface ChatCatalogue {
  guide?: ChatBook;
  stories?: ChatBook;
  pack?: ChatBook;
  /** 'USD'. */
  currency: string;
}
