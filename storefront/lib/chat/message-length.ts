/** The longest chat message, shared by the message box and the route (without zod's weight). */
export const MAX_CHAT_MESSAGE_LENGTH = 1000;
