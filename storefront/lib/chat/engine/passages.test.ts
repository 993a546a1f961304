/** @jest-environment node */
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { seededShopContent } from '@/test-support/chat-eval/seed-content';
import { renderRichText } from '@/lib/cms/rich-text';
import type { BlogPost } from '@/lib/cms/blog-posts';
import { MEMBER_BENEFITS_SUMMARY } from '@/lib/membership/membership-offer';
import { chunksOf, passagesOf, type ShopContent } from './passages';
import { hoursInWords } from './shop-help';

const NO_CONTENT: ShopContent = {
  faqItems: [],
  legalPages: [],
  chapters: [],
  posts: [],
  catalogue: null,
  downloadLinkTtlHours: 168,
};

const post = (fields: Partial<BlogPost> & Pick<BlogPost, 'slug' | 'content'>): BlogPost => ({
  id: 1,
  title: 'A post',
  excerpt: null,
  author: null,
  status: 'published',
  created_at: '2025-01-01T00:00:00.000Z',
  cover: null,
  featured: false,
  category: null,
  icon: null,
  ...fields,
});

describe('chunksOf', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');

  it('makes each paragraph a passage', () => {
    expect(
      chunksOf([
        { kind: 'paragraph', text: 'One.' },
        { kind: 'paragraph', text: 'Two.' },
      ]),
    ).toEqual(['One.', 'Two.']);
  });

  it('keeps a short list whole, with the paragraph that introduces it', () => {
    expect(
      chunksOf([
        { kind: 'paragraph', text: 'You may not:' },
        { kind: 'list', items: ['resell the files;', 'share them.'] },
      ]),
    ).toEqual(['You may not:\nresell the files;\nshare them.']);
  });

  it('cuts a long list into its items, each with the introduction', () => {
    const items = [words(40), words(40)];
    expect(
      chunksOf([
        { kind: 'paragraph', text: 'We collect:' },
        { kind: 'list', items },
      ]),
    ).toEqual([`We collect:\n${items[0]}`, `We collect:\n${items[1]}`]);
  });

  it('does not take a paragraph that does not introduce the list into its items', () => {
    expect(
      chunksOf([
        { kind: 'paragraph', text: 'A paragraph.' },
        { kind: 'list', items: ['a', 'b'] },
      ]),
    ).toEqual(['A paragraph.', 'a\nb']);
  });
});

describe('passagesOf', () => {
  it('never sees a draft: the seeded draft post is not among the passages', () => {
    const passages = passagesOf(seededShopContent());
    expect(passages.some((passage) => passage.url.includes('holiday-routines-draft'))).toBe(false);
    expect(passages.some((passage) => /must not appear on the site/.test(passage.text))).toBe(
      false,
    );
  });

  it('cuts a blog post into its excerpt and paragraphs, each titled by its section', () => {
    const passages = passagesOf({
      ...NO_CONTENT,
      posts: [
        post({
          slug: 'naps',
          title: 'Naps',
          excerpt: 'Short naps, calmer evenings.',
          content: renderRichText('Lead paragraph.\n\n## Timing\n\nFirst point.\n\nSecond point.'),
        }),
      ],
    }).filter((passage) => passage.kind === 'blog');
    expect(passages.map(({ title, text, url }) => [title, text, url])).toEqual([
      ['Naps', 'Short naps, calmer evenings.', '/blog/naps'],
      ['Naps', 'Lead paragraph.', '/blog/naps'],
      ['Timing', 'First point.', '/blog/naps'],
      ['Timing', 'Second point.', '/blog/naps'],
    ]);
  });

  it('gives a legal section one passage a paragraph, on the page it belongs to', () => {
    const passages = passagesOf({
      ...NO_CONTENT,
      legalPages: [
        {
          documentId: 'x',
          slug: 'privacy-policy',
          title: 'Privacy Policy',
          dateLabel: 'Last updated',
          date: '2025-01-01',
          sections: [
            { heading: 'Cookies', html: renderRichText('We use few.\n\nYou can say no.') },
          ],
        },
      ],
    } as ShopContent).filter((passage) => passage.kind === 'legal');
    expect(
      passages.map(({ title, text, url, sourceTitle }) => [title, text, url, sourceTitle]),
    ).toEqual([
      ['Cookies', 'We use few.', '/privacy-policy', 'our Privacy Policy'],
      ['Cookies', 'You can say no.', '/privacy-policy', 'our Privacy Policy'],
    ]);
  });

  it('states prices only in the catalogue passages, on the pages that sell them', () => {
    const priced = passagesOf(seededShopContent()).filter((passage) => /\$\d/.test(passage.text));
    expect(priced.length).toBeGreaterThan(0);
    expect(
      priced.every(
        (passage) => passage.kind === 'product' && ['/shop', '/membership'].includes(passage.url),
      ),
    ).toBe(true);
  });

  it('answers for the membership with its price, what members get, and the page that offers it', () => {
    const membership = passagesOf({ ...NO_CONTENT, catalogue: SEEDED_CATALOGUE }).find(
      (passage) => passage.id === 'product:aba-parent-support-monthly',
    );
    expect(membership).toMatchObject({ url: '/membership', sourceTitle: 'our Membership page' });
    expect(membership?.text).toContain('ABA Parent Support Membership: $9.99 a month.');
    expect(membership?.text).toContain(MEMBER_BENEFITS_SUMMARY);
  });

  it('has no membership passage when the catalogue sells no membership', () => {
    const passages = passagesOf({
      ...NO_CONTENT,
      catalogue: SEEDED_CATALOGUE.filter((product) => product.kind !== 'membership'),
    });
    expect(passages.some((passage) => passage.url === '/membership')).toBe(false);
  });

  it('works the pack saving out from the catalogue prices', () => {
    const prices = passagesOf({ ...NO_CONTENT, catalogue: SEEDED_CATALOGUE }).find(
      (passage) => passage.id === 'product:prices',
    );
    const [guide, stories, pack] = ['foundational', 'case-studies', 'complete'].map(
      (kind) => SEEDED_CATALOGUE.find((product) => product.kind === kind)?.price ?? 0,
    ) as [number, number, number];
    const saving = `$${((guide + stories - pack) / 100).toFixed(2)} less`;
    expect(prices?.text).toContain(saving);
  });

  it.each([
    [168, 'a week'],
    [72, '3 days'],
    [12, '12 hours'],
  ])('says download links work for %i hours as "%s"', (hours, words) => {
    const help = passagesOf({ ...NO_CONTENT, downloadLinkTtlHours: hours }).find(
      (passage) => passage.id === 'help:link-lifetime',
    );
    expect(help?.text).toContain(`works for ${words} after we send it`);
  });
});

describe('hoursInWords', () => {
  it.each([
    [1, 'an hour'],
    [12, '12 hours'],
    [24, 'a day'],
    [48, '2 days'],
    [72, '3 days'],
    [168, 'a week'],
    [336, '2 weeks'],
    [30, '30 hours'],
  ])('says %i hours as "%s"', (hours, words) => {
    expect(hoursInWords(hours)).toBe(words);
  });
});
