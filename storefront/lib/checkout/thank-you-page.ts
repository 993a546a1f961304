/**
 * What a thank-you page reads from the catalogue on the server: its eBook, and its title and
 * description naming that eBook. Without the catalogue (the commerce service is down and the
 * storefront has never read it) the page still renders: its words and colours come from the
 * storefront, the book's name is left out, the title is the generic page's, and no Purchase
 * event is sent, since its value is not known (docs/product.md#thank-you-pages).
 */
import 'server-only';
import type { Metadata } from 'next';
import { ebookOfKind, type Catalogue, type EbookKind } from '@/lib/catalogue/catalogue';
import { getProducts } from '@/lib/commerce/products';

/** The catalogue, or null when the commerce service cannot give it. */
export const readCatalogue = (): Promise<Catalogue | null> => getProducts().catch(() => null);

export const GENERIC_THANK_YOU_METADATA = {
  title: 'Thank You for Your Purchase',
  description: 'Your ABA Parent Guides purchase and downloads.',
};

const WORDS = {
  en: {
    title: (name: string) => `Thank You: ${name}`,
    description: (name: string) => `Your copy of ${name} and its audiobook.`,
    unnamed: GENERIC_THANK_YOU_METADATA,
  },
  it: {
    title: (name: string) => `Grazie: ${name}`,
    description: (name: string) => `Il tuo ${name} e il suo audiolibro.`,
    unnamed: {
      title: 'Grazie per il tuo acquisto',
      description: 'Il tuo eBook e il suo audiolibro.',
    },
  },
};

/**
 * The page's title and description, naming its eBook; `description` replaces the usual one.
 * Without the catalogue, the generic page's.
 */
export async function thankYouMetadata(
  kind: EbookKind,
  { language = 'en', description }: { language?: keyof typeof WORDS; description?: string } = {},
): Promise<Metadata> {
  const words = WORDS[language];
  const book = ebookOfKind(await readCatalogue(), kind);
  const text = book
    ? { title: words.title(book.name), description: description ?? words.description(book.name) }
    : words.unnamed;
  return { ...text, robots: { index: false } };
}
