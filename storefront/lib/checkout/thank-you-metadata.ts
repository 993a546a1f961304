/**
 * A thank-you page's title and description, naming its eBook as the catalogue does. Without the
 * catalogue (the commerce service is down and the storefront has never read it) the page takes
 * the generic page's (docs/product.md#thank-you-pages).
 */
import 'server-only';
import type { Metadata } from 'next';
import { ebookOfKind, type EbookKind } from '@/lib/catalogue/catalogue';
import { readCatalogue } from '@/lib/commerce/products';

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
