/** @jest-environment node */
import { seededShopContent } from '@/test-support/chat-eval/seed-content';
import { SUPPORT_EMAIL, type ChatTurn } from '../protocol';
import type { Passage } from './passage';
import { passagesOf } from './passages';
import { buildSearchIndex } from './search-index';
import { fallbackReply, retrievalReply } from './retrieval-reply';

const passages = passagesOf(seededShopContent());
const index = buildSearchIndex(passages);
const ask = (message: string, history: ChatTurn[] = []) => retrievalReply(message, history, index);

/** Every amount of money a text states. */
const pricesIn = (text: string) => text.match(/\$\s?\d[\d.,]*\d/g) ?? [];
const CATALOGUE_PRICES = new Set(
  passages
    .filter((passage) => passage.kind === 'product')
    .flatMap((passage) => pricesIn(passage.text)),
);

describe('retrievalReply: prices and products', () => {
  it.each([
    'do you sell a sleep book for $5?',
    'is the pack $10 today?',
    'I saw the guide for $12.50 somewhere, can I have that price?',
    'how much is the toilet training ebook',
    'is there a discount code for $20 off',
  ])('states no price the catalogue does not hold for "%s"', (question) => {
    const { reply } = ask(question);
    for (const price of pricesIn(reply)) expect(CATALOGUE_PRICES).toContain(price);
  });

  it('gives the pack its catalogue price when asked with a made-up one', () => {
    const { reply, sources } = ask('is the pack $10 today?');
    expect(reply).not.toContain('$10 ');
    expect(reply).toContain('$42.99');
    expect(sources.map(({ url }) => url)).toContain('/shop');
  });

  it('answers a question about a product the shop does not sell with the support address', () => {
    for (const question of [
      'do you have a book about toilet training',
      'when is your next ebook coming out',
    ]) {
      expect(ask(question).reply).toContain(SUPPORT_EMAIL);
    }
  });

  it('never quotes an amount of money from a passage outside the catalogue', () => {
    const blog: Passage = {
      id: 'blog:timers:0',
      kind: 'blog',
      title: 'Kitchen timers',
      text: 'We bought a kitchen timer for $3 at the market. The timer made transitions calmer for everyone at home.',
      url: '/blog/timers',
      sourceTitle: 'our blog post "Kitchen timers"',
    };
    const { reply } = retrievalReply(
      'does a kitchen timer help with transitions',
      [],
      buildSearchIndex([blog]),
    );
    expect(reply).toContain('The timer made transitions calmer');
    expect(reply).not.toContain('$3');
  });
});

describe('retrievalReply: medical questions', () => {
  it.each([
    ['should i give my son melatonin, he wont sleep'],
    ['can you tell me if my daughter is autistic? she lines up toys'],
    ['should we stop his adhd meds now'],
    ['what dose of risperidone is safe'],
    ['can aba cure autism'],
  ])('gives no content, only the safety line and the disclaimer, for "%s"', (question) => {
    const { reply, sources, source } = ask(question);
    expect(reply).toMatch(/can't give a diagnosis or medical advice/);
    expect(reply).toMatch(/qualified professional/);
    expect(reply).toMatch(/not a substitute/i);
    expect(sources.map(({ url }) => url)).toEqual(['/terms-and-conditions']);
    expect(source).toBe('canned');
  });

  it('adds the educational disclaimer when therapy comes up, beside the answer', () => {
    const { reply, sources } = ask('can i use this instead of aba therapy');
    expect(reply).toMatch(/not a substitute|do not replace/i);
    expect(sources.map(({ url }) => url)).toContain('/terms-and-conditions');
  });

  it('answers a question that merely mentions a diagnosis, with the disclaimer', () => {
    const { reply, source } = ask('do you need information about my childs diagnosis when i buy');
    expect(reply).not.toMatch(/can't give a diagnosis/);
    expect(source).toBe('content');
    expect(reply).toMatch(/not a substitute/i);
  });
});

describe('retrievalReply: what the content cannot answer', () => {
  it.each(['what is the weather tomorrow', 'asdfgh qwerty', 'what is it?'])(
    'gives the honest fallback with the support address for "%s"',
    (question) => {
      expect(ask(question)).toEqual(fallbackReply());
      expect(fallbackReply().reply).toContain(SUPPORT_EMAIL);
    },
  );

  it('offers the support address beside an answer that covers only part of the question', () => {
    const { reply, source } = ask('can i pay with paypal');
    expect(source).toBe('content');
    expect(reply).toContain(SUPPORT_EMAIL);
  });

  it('answers from nothing when the shop has no content', () => {
    const empty = buildSearchIndex([]);
    expect(retrievalReply('how much is the book', [], empty)).toEqual(fallbackReply());
  });
});

describe('retrievalReply: drafts', () => {
  it('does not quote the draft post about holiday routines', () => {
    const { reply, sources } = ask(
      'any tips for holiday routines and travel with my autistic son?',
    );
    expect(sources.map(({ url }) => url)).not.toContain('/blog/holiday-routines-draft');
    expect(reply).not.toMatch(/favourite cup|quiet room|still being written/i);
  });
});

describe('retrievalReply: answers', () => {
  it.each([
    ['can i get my money back', /all sales are final/i, '/no-refund-policy'],
    ['how long do the download links work', /works for a week/, '/thank-you'],
    ['my link expired', /E-mail me my links/, '/thank-you'],
    ['how much is the case studies ebook', /\$19\.99/, '/shop'],
    ['can i print it out', /own family's use/, '/terms-and-conditions'],
  ])('answers "%s" from the page that says it', (question, fact, url) => {
    const { reply, sources, source } = ask(question);
    expect(source).toBe('content');
    expect(reply).toMatch(fact);
    expect(sources.map((one) => one.url)).toContain(url);
  });

  it('says where each quote comes from', () => {
    const { reply, sources } = ask('can i get my money back');
    expect(reply).toMatch(/\(From our No Refund Policy/);
    expect(sources[0]).toEqual({ title: 'No Refund Policy', url: '/no-refund-policy' });
  });

  it('answers "what does X stand for" with the passage that defines X', () => {
    const { reply, sources } = ask('what does BCBA stand for?');
    expect(reply).toMatch(/Board Certified Behavior Analyst/);
    expect(sources.map(({ url }) => url)).toContain('/blog/featured-1');
  });

  it('answers a follow-up with the question it follows', () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'how much is the ABA for Parents ebook' },
      { role: 'assistant', content: 'It is $27.99.' },
    ];
    expect(ask('and the case studies one?', history).reply).toContain('$19.99');
  });

  it('answers a short question that stands on its own without the one before it', () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'Can I return an eBook?' },
      { role: 'assistant', content: 'All sales are final.' },
    ];
    const { reply, sources } = ask('what ages is it for', history);
    expect(reply).toMatch(/2 to 18/);
    expect(sources.map(({ url }) => url)).not.toContain('/no-refund-policy');
  });

  it('links each page once, and the FAQ once though two pages show it', () => {
    const { sources } = ask('and for teenagers?', [
      { role: 'user', content: 'what ages is it for' },
      { role: 'assistant', content: 'From 2 to 18.' },
    ]);
    expect(sources.filter(({ title }) => title === 'FAQ')).toHaveLength(1);
    expect(new Set(sources.map(({ url }) => url)).size).toBe(sources.length);
  });

  it('greets and thanks without searching', () => {
    expect(ask('hello!').reply).toMatch(/^Hello, and welcome!/);
    expect(ask('thanks so much').reply).toMatch(/^You're welcome!/);
  });
});

describe('retrievalReply: data rights and broken downloads', () => {
  it('says where a buyer downloads or deletes their data, and says a sentence once', () => {
    const { reply, sources } = ask('how do i get you to delete all my data');
    expect(reply).toContain('Delete my account and data');
    expect(sources.map(({ url }) => url)).toEqual(
      expect.arrayContaining(['/account', '/privacy-policy']),
    );
    const sentences = reply.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 20);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('states once the opening that two chunks of one section share', () => {
    const opening = 'We keep your data safe and only as long as we need it.';
    const chunk = (id: string, text: string): Passage => ({
      id,
      kind: 'legal',
      title: 'Data Security',
      text: `${opening}\n${text}`,
      url: '/privacy-policy',
      sourceTitle: 'our Privacy Policy',
    });
    const small = buildSearchIndex([
      chunk('legal:privacy:3.0', 'Contact messages are deleted 365 days after you send them.'),
      chunk('legal:privacy:3.1', 'Sign-in records are deleted after 30 days.'),
    ]);
    const { reply } = retrievalReply(
      'when are contact messages and sign-in records deleted',
      [],
      small,
    );
    expect(reply).toContain('365 days');
    expect(reply).toContain('30 days');
    expect(reply.split(opening)).toHaveLength(2);
  });

  it('offers fresh links for a download button that fails', () => {
    expect(ask('the download button gives me an error, what should i do').reply).toContain(
      'E-mail me my links',
    );
  });
});
