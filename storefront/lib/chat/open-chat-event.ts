/** The window event that opens the chat assistant from anywhere on the page. */
export const OPEN_CHAT_EVENT = 'aba:open-chat';
