/**
 * What the chat assistant knows: the shop's published content cut into passages
 * (docs/product.md#chat-assistant). Pure: the content comes in, the passages go out;
 * ../server/shop-knowledge.ts reads the content from the CMS and the commerce service.
 */
import type { BlogPost } from '@/lib/cms/blog-posts';
import type { Chapter } from '@/lib/cms/chapters';
import type { FaqItem } from '@/lib/cms/faq';
import type { LegalPage } from '@/lib/cms/legal-pages';
import {
  ebookOfKind,
  membershipOf,
  pickShopEbooks,
  pricePerPeriod,
  type Catalogue,
} from '@/lib/catalogue/catalogue';
import { MEMBER_BENEFITS_SUMMARY, MEMBERSHIP_PATH } from '@/lib/membership/membership-offer';
import { formatPrice } from '@aba-shop/service-kit/money';
import { htmlSections, plainText, type TextBlock } from './html-text';
import { wordCount, type Passage } from './passage';
import { shopHelpPassages } from './shop-help';

/** The content a retrieval index is built from: published entries only. */
export interface ShopContent {
  faqItems: readonly FaqItem[];
  legalPages: readonly LegalPage[];
  chapters: readonly Chapter[];
  posts: readonly BlogPost[];
  catalogue: Catalogue | null;
  /** How long a download link works, in hours: the commerce service's DOWNLOAD_LINK_TTL_HOURS. */
  downloadLinkTtlHours: number;
}

/** A list this long, in words, stays one passage; a longer one is cut into its items. */
const WHOLE_LIST_MAX_WORDS = 60;

/**
 * A section's text in passages of about a paragraph, so that a reply quotes the part that
 * answers and the search weighs each part on its own. A list goes with the paragraph that
 * introduces it ("You may not:"): whole when short, else one passage an item, each with that
 * introduction, so "resell, rent or give away the files" never loses its "You may not".
 */
export function chunksOf(blocks: readonly TextBlock[]): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    if (!block) continue;
    if (block.kind === 'paragraph') {
      const next = blocks[i + 1];
      if (block.text.endsWith(':') && next?.kind === 'list') {
        chunks.push(...listChunks(next.items, block.text));
        i += 1;
      } else {
        chunks.push(block.text);
      }
    } else {
      chunks.push(...listChunks(block.items, null));
    }
  }
  return chunks;
}

function listChunks(items: readonly string[], introduction: string | null): string[] {
  const lead = introduction ? [introduction] : [];
  if (wordCount(items.join(' ')) <= WHOLE_LIST_MAX_WORDS) return [[...lead, ...items].join('\n')];
  return items.map((item) => [...lead, item].join('\n'));
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
    page.sections.flatMap((section, sectionIndex) =>
      chunksOf(htmlSections(section.html).flatMap(({ blocks }) => blocks)).map((text, index) => ({
        id: `legal:${page.slug}:${sectionIndex}.${index}`,
        kind: 'legal' as const,
        title: section.heading,
        text,
        keywords: page.title,
        url: `/${page.slug}`,
        sourceTitle: `our ${page.title}`,
      })),
    ),
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

/** A post in passages of its sections' paragraphs, the excerpt one of its own. */
function blogPassages(posts: readonly BlogPost[]): Passage[] {
  return posts.flatMap((post) => {
    const passage = (id: string, title: string, text: string): Passage => ({
      id: `blog:${post.slug}:${id}`,
      kind: 'blog',
      title,
      text,
      keywords: [post.title, post.category].filter(Boolean).join(' '),
      url: `/blog/${post.slug}`,
      sourceTitle: `our blog post "${post.title}"`,
    });
    const excerpt = post.excerpt ? [passage('excerpt', post.title, post.excerpt)] : [];
    return [
      ...excerpt,
      ...htmlSections(post.content).flatMap((section, sectionIndex) =>
        chunksOf(section.blocks).map((text, index) =>
          passage(`${sectionIndex}.${index}`, section.heading ?? post.title, text),
        ),
      ),
    ];
  });
}

/**
 * One passage a product, and one with every price side by side, the pack's saving worked out
 * from the catalogue's own prices.
 */
function cataloguePassages(catalogue: Catalogue | null): Passage[] {
  if (!catalogue) return [];
  const price = (product: Catalogue[number]) => formatPrice(product.price, product.currency);
  const ebooks = pickShopEbooks(catalogue);
  const membership = membershipOf(catalogue);
  const guide = ebookOfKind(catalogue, 'foundational');
  const stories = ebookOfKind(catalogue, 'case-studies');
  const pack = ebookOfKind(catalogue, 'complete');
  const saving =
    guide && stories && pack && guide.price + stories.price > pack.price
      ? `The ${pack.name} costs ${price(pack)}: ${formatPrice(guide.price + stories.price - pack.price, pack.currency)} less than ${guide.name} and ${stories.name} bought apart (${price(guide)} + ${price(stories)} = ${formatPrice(guide.price + stories.price, pack.currency)}), a saving of ${Math.round((100 * (guide.price + stories.price - pack.price)) / (guide.price + stories.price))}%.`
      : null;
  const products = membership ? [...ebooks, membership] : ebooks;
  const list: Passage[] = products.map((product) => ({
    id: `product:${product.id}`,
    kind: 'product',
    title: product.name,
    text: [
      `${product.name}: ${pricePerPeriod(product)}.`,
      product.description,
      product.kind === 'complete' ? saving : null,
      product === membership ? MEMBER_BENEFITS_SUMMARY : null,
    ]
      .filter(Boolean)
      .join('\n'),
    ...(product === membership
      ? {
          keywords: 'membership subscription monthly plan cancel included include members',
          url: MEMBERSHIP_PATH,
          sourceTitle: 'our Membership page',
        }
      : { keywords: 'price cost buy ebook', url: '/shop', sourceTitle: 'our Shop' }),
  }));
  if (products.length) {
    list.push({
      id: 'product:prices',
      kind: 'product',
      title: 'Prices',
      text: [
        `Our prices (${(products[0]?.currency ?? 'usd').toUpperCase()}): ${products.map((product) => `${product.name} ${pricePerPeriod(product)}`).join(', ')}.`,
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
    ...shopHelpPassages(content.downloadLinkTtlHours),
  ].filter((passage) => passage.text.trim());
}
