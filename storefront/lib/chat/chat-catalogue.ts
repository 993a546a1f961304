/**
 * What the chat assistant may say about the eBooks: each one's name and price, from the
 * catalogue the commerce service serves. Small and plain, so that the server can hand it to
 * the chat in the browser, whose own canned replies need it when the chat route fails.
 */
import { ebookOfKind, type Catalogue, type EbookKind } from '@/lib/catalogue/catalogue';
import { formatPrice } from '@/lib/format/price';

export interface ChatBook {
  name: string;
  /** As the shop shows it: a $ sign and 2 decimals. */
  price: string;
}

export interface ChatCatalogue {
  guide?: ChatBook;
  stories?: ChatBook;
  pack?: ChatBook;
  /** 'USD'. */
  currency: string;
}

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
