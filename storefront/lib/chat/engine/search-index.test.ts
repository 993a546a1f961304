/** @jest-environment node */
import type { Passage } from './passage';
import { buildSearchIndex } from './search-index';

const passage = (
  id: string,
  title: string,
  text: string,
  kind: Passage['kind'] = 'legal',
  keywords?: string,
): Passage => ({ id, kind, title, text, keywords, url: `/${id}`, sourceTitle: id });

const PASSAGES: Passage[] = [
  passage(
    'refunds',
    'All sales are final',
    'We do not offer refunds, except for a duplicate purchase.',
  ),
  passage(
    'cookies',
    'Cookies',
    'If you decline the cookies, the shop works in the same way.',
    'legal',
    'Privacy Policy',
  ),
  passage('printing', 'Your licence', 'You may print the pages for your own family.'),
  passage('pointing', 'Visual schedules', 'Point to the next picture on the strip.', 'blog'),
  passage('bedtime', 'Routines', 'A bedtime routine with the same steps every night.', 'chapter'),
  passage('bedtime-blog', 'Routines', 'Our bedtime routine took weeks to settle.', 'blog'),
  passage('email', 'E-mail me my links', 'We e-mail you fresh download links.', 'shop-help'),
  passage('siblings', 'Brothers and sisters', 'Give siblings a small job of their own.', 'blog'),
];
const index = buildSearchIndex(PASSAGES);
const best = (question: string, context?: string) =>
  index.search(question, 3, context).hits[0]?.passage.id;

describe('buildSearchIndex', () => {
  it.each([
    ['can i return it', 'refunds'],
    ['i got charged twice', 'refunds'],
    ['if i say no to cookies does the site still work', 'cookies'],
    ['can i print it', 'printing'],
    ['my link expired', 'email'],
    ['how do i get an email with my links', 'email'],
  ])('finds "%s" in the passage %s, through the parent words of the vocabulary', (question, id) => {
    expect(best(question)).toBe(id);
  });

  it('prefers the kind of passage a question asks for: "is that in the book" a chapter', () => {
    expect(best('bedtime routine, is that in the book')).toBe('bedtime');
    expect(best('bedtime routine, has anyone got past this')).toBe('bedtime-blog');
  });

  it('forgives a typo in a longer word the content does not know, but not in a word it knows', () => {
    expect(best('refumds please')).toBe('refunds');
    // "print" is one letter from "point": a known word is taken as typed.
    expect(index.search('print', 5).hits.map((hit) => hit.passage.id)).not.toContain('pointing');
  });

  it('leaves a typed stop word ("teh") out of the question words', () => {
    expect(index.search('teh refunds').questionTerms).toEqual(['refund']);
  });

  it("leaves numbers, ages and the chat's own words out of the question words", () => {
    expect(index.search('honestly my 4yo just screams, pls help').questionTerms).toEqual([
      'scream',
    ]);
  });

  it('weighs a rare word more than a common one in coverage', () => {
    const { termWeights } = index.search('routine refunds');
    expect(termWeights.get('refund')).toBeGreaterThan(termWeights.get('routin') ?? Infinity);
  });

  it('gives full coverage to a passage that holds every word asked, and less to one that holds some', () => {
    const { hits } = index.search('shop works same way', 5);
    expect(hits[0]?.coverage).toBe(1);
    expect(hits.slice(1).every((hit) => hit.coverage < 1)).toBe(true);
  });

  it('counts a word the question does not share with any passage against coverage', () => {
    const [hit] = index.search('refunds paypal').hits;
    expect(hit?.passage.id).toBe('refunds');
    expect(hit?.coverage).toBeLessThan(0.5);
  });

  it('takes "my sister" for someone the parent names, and "his sister" for a sibling', () => {
    expect(index.search('can i send it to my sister').questionTerms).not.toContain('sister');
    expect(best('his sister feels left out')).toBe('siblings');
  });

  it('searches a follow-up with the question it follows, its own words weighing more', () => {
    expect(best('and the cookies?', 'can i print it')).toBe('cookies');
    expect(best('and if i decline?', 'what about cookies')).toBe('cookies');
  });

  it('answers nothing for words no passage holds', () => {
    expect(index.search('zebra xylophone').hits).toEqual([]);
  });
});
