/**
 * The window event that opens the chat assistant from anywhere on the page: the launcher
 * (components/chat/chat-launcher.tsx) listens for it (docs/product.md#chat-assistant).
 */
export const OPEN_CHAT_EVENT = 'aba:open-chat';
