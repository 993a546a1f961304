/**
 * What the chat assistant knows: the shop's published content cut into passages, each small
 * enough to quote and with the page a visitor reads it on (docs/product.md#chat-assistant).
 * Pure: the content comes in, the passages go out; lib/chat/knowledge/shop-knowledge.ts fetches.
 */
import type { BlogPost } from '@/lib/cms/blog-posts';
import type { Chapter } from '@/lib/cms/chapters';
import type { FaqItem } from '@/lib/cms/faq';
import type { LegalPage } from '@/lib/cms/legal-pages';
import { ebookOfKind, pickShopEbooks, type Catalogue } from '@/lib/catalogue/catalogue';
import { formatPrice } from '@/lib/format/price';
import { htmlSections, plainText } from './html-text';
import { SHOP_HELP } from './shop-help';

export type PassageKind = 'faq' | 'legal' | 'chapter' | 'blog' | 'product' | 'shop-help';

export interface Passage {
  id: string;
  kind: PassageKind;
  /** What it is about: the FAQ's question, the section's heading, the chapter's title. */
  title: string;
  /** The words a reply may quote, paragraphs separated by new lines. */
  text: string;
  /** Words a parent may use for it that neither title nor text contains. */
  keywords?: string;
  /** Where the visitor reads it on the site. */
  url: string;
  /** The name of that page, as a reply's "From …" line and a source link say it. */
  sourceTitle: string;
}

/** The content a retrieval index is built from: published entries only. */
export interface ShopContent {
  faqItems: readonly FaqItem[];
  legalPages: readonly LegalPage[];
  chapters: readonly Chapter[];
  posts: readonly BlogPost[];
  catalogue: Catalogue | null;
}

const FAQ_URL: Readonly<Record<FaqItem['placement'], string>> = {
  home: '/#faq-heading',
  contact: '/contact#faq-heading',
};

function faqPassages(items: readonly FaqItem[]): Passage[] {
  return items.map((item) => ({
    id: `faq:${item.documentId}`,
    kind: 'faq',
    title: item.question,
    text: plainText(item.answer),
    url: FAQ_URL[item.placement],
    sourceTitle: 'our FAQ',
  }));
}

function legalPassages(pages: readonly LegalPage[]): Passage[] {
  return pages.flatMap((page) =>
    page.sections.map((section, index) => ({
      id: `legal:${page.slug}:${index}`,
      kind: 'legal' as const,
      title: section.heading,
      text: htmlSections(section.html)
        .flatMap(({ paragraphs }) => paragraphs)
        .join('\n'),
      keywords: page.title,
      url: `/${page.slug}`,
      sourceTitle: `our ${page.title}`,
    })),
  );
}

function chapterPassages(chapters: readonly Chapter[]): Passage[] {
  return chapters.map((chapter) => ({
    id: `chapter:${chapter.number}`,
    kind: 'chapter',
    title: `Chapter ${chapter.number}: ${chapter.title}`,
    // The title goes into what a reply quotes: "chapter 5" is what a parent looks for.
    text: `Chapter ${chapter.number}, "${chapter.title}": ${chapter.description}`,
    url: '/#chapters-heading',
    sourceTitle: "What You'll Learn Inside",
  }));
}

/** A post in its sections; the lead (before the first heading) goes with the excerpt. */
function blogPassages(posts: readonly BlogPost[]): Passage[] {
  return posts.flatMap((post) =>
    htmlSections(post.content).map((section, index) => {
      const paragraphs =
        section.heading === null && post.excerpt
          ? [post.excerpt, ...section.paragraphs]
          : section.paragraphs;
      return {
        id: `blog:${post.slug}:${index}`,
        kind: 'blog' as const,
        title: section.heading ?? post.title,
        text: paragraphs.join('\n'),
        keywords: [post.title, post.category].filter(Boolean).join(' '),
        url: `/blog/${post.slug}`,
        sourceTitle: `our blog post "${post.title}"`,
      };
    }),
  );
}

/**
 * One passage a product, and one with every price side by side, the pack's saving worked out
 * from the catalogue's own prices.
 */
function cataloguePassages(catalogue: Catalogue | null): Passage[] {
  if (!catalogue) return [];
  const price = (product: Catalogue[number]) => formatPrice(product.price, product.currency);
  const priced = (product: Catalogue[number]) =>
    product.interval ? `${price(product)} a ${product.interval}` : price(product);
  const ebooks = pickShopEbooks(catalogue);
  const memberships = catalogue.filter((product) => product.type === 'subscription');
  const guide = ebookOfKind(catalogue, 'foundational');
  const stories = ebookOfKind(catalogue, 'case-studies');
  const pack = ebookOfKind(catalogue, 'complete');
  const saving =
    guide && stories && pack && guide.price + stories.price > pack.price
      ? `The ${pack.name} costs ${price(pack)}: ${formatPrice(guide.price + stories.price - pack.price, pack.currency)} less than ${guide.name} and ${stories.name} bought apart (${price(guide)} + ${price(stories)} = ${formatPrice(guide.price + stories.price, pack.currency)}), a saving of ${Math.round((100 * (guide.price + stories.price - pack.price)) / (guide.price + stories.price))}%.`
      : null;
  const products = [...ebooks, ...memberships];
  const list: Passage[] = products.map((product) => ({
    id: `product:${product.id}`,
    kind: 'product',
    title: product.name,
    text: [
      `${product.name}: ${priced(product)}.`,
      product.description,
      product.kind === 'complete' ? saving : null,
    ]
      .filter(Boolean)
      .join('\n'),
    keywords:
      product.type === 'subscription'
        ? 'membership subscription monthly plan cancel'
        : 'price cost buy ebook',
    url: '/shop',
    sourceTitle: 'our Shop',
  }));
  if (products.length) {
    list.push({
      id: 'product:prices',
      kind: 'product',
      title: 'Prices',
      text: [
        `Our prices (${(products[0]?.currency ?? 'usd').toUpperCase()}): ${products.map((product) => `${product.name} ${priced(product)}`).join(', ')}.`,
        saving,
      ]
        .filter(Boolean)
        .join('\n'),
      keywords: 'price prices cost how much pay buy cheap expensive',
      url: '/shop',
      sourceTitle: 'our Shop',
    });
  }
  return list;
}

export function passagesOf(content: ShopContent): Passage[] {
  return [
    ...faqPassages(content.faqItems),
    ...legalPassages(content.legalPages),
    ...chapterPassages(content.chapters),
    ...blogPassages(content.posts),
    ...cataloguePassages(content.catalogue),
    ...SHOP_HELP,
  ].filter((passage) => passage.text.trim());
}
