/**
 * The chat assistant of the layout, with the eBooks' names and prices from the catalogue for
 * the replies the browser gives itself when the chat route fails. Rendered in a Suspense
 * boundary, so no page waits for the catalogue; without it the replies name no prices.
 */
import { chatCatalogue } from '@/lib/chat/server/chat-catalogue';
import { readCatalogue } from '@/lib/commerce/products';
import { ChatOnContentPages } from './chat-on-content-pages';

export async function ChatAssistant() {
  const catalogue = chatCatalogue(await readCatalogue());
  return <ChatOnContentPages catalogue={catalogue} />;
}
