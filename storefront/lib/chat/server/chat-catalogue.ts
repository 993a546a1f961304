/**
 * What the chat assistant may say about the eBooks: each one's name and price, from the
 * catalogue the commerce service serves. Made on the server (components/chat/chat-assistant.tsx)
 * and handed to the dialog in the browser as the protocol's ChatCatalogue, for the canned
 * replies it gives itself when the chat route fails (docs/product.md#chat-assistant).
 */
import { formatPrice } from '@aba-shop/service-kit/money';
import { ebookOfKind, type Catalogue, type EbookKind } from '@/lib/catalogue/catalogue';
import type { ChatBook, ChatCatalogue } from '../protocol';

export function chatCatalogue(products: Catalogue | null): ChatCatalogue {
  const book = (kind: EbookKind): ChatBook | undefined => {
    const product = ebookOfKind(products, kind);
    return product && { name: product.name, price: formatPrice(product.price, product.currency) };
  };
  const currency = ebookOfKind(products, 'foundational')?.currency ?? 'usd';
  return {
    guide: book('foundational'),
    stories: book('case-studies'),
    pack: book('complete'),
    currency: currency.toUpperCase(),
  };
}
