import {
  SEEDED_CANNED_REPLIES as CANNED_REPLIES,
  SEEDED_CATALOGUE,
  SEEDED_CHAT_CATALOGUE,
} from '@/test-support/catalogue';
import { SUPPORT_EMAIL } from '../protocol';
import { chatCatalogue } from '../server/chat-catalogue';
import {
  cannedReplies,
  cannedReply as cannedReplyFor,
  cannedReplyTopic,
  type CannedTopic,
} from './canned-replies';

/** The reply with the seeded catalogue's eBooks. */
const cannedReply = (message: string) => cannedReplyFor(message, SEEDED_CHAT_CATALOGUE);

/** One typical message per topic, in the spec's order (§8). */
const MESSAGES_BY_TOPIC: readonly (readonly [CannedTopic, string])[] = [
  ['greeting', 'Hello there'],
  ['what-is-aba', 'What is ABA exactly?'],
  ['aba-at-home', 'Can I do this at home?'],
  ['case-studies', 'Tell me about the case studies'],
  ['audiobook', 'Is there an audiobook?'],
  ['download-trouble', 'My download will not start'],
  ['checkout-payment', 'The payment failed'],
  ['price', 'How much does it cost?'],
  ['format', 'Is it a PDF?'],
  ['overwhelmed', 'I feel so overwhelmed'],
  ['results-timing', 'How long until I see results?'],
  ['family', 'Should my family be involved?'],
  ['therapy-replacement', 'Can the book replace therapy?'],
  ['support', 'I need support'],
  ['age', 'My son is 15 years old'],
];

describe('cannedReplyTopic', () => {
  it.each(MESSAGES_BY_TOPIC)('answers %s for "%s"', (topic, message) => {
    expect(cannedReplyTopic(message)).toBe(topic);
  });

  it.each([
    ['greeting', ['hi', 'Hi!', 'HEY', 'good   morning', 'Greetings from Ohio']],
    [
      'what-is-aba',
      [
        "what's ABA?",
        'What’s ABA?',
        'what does aba mean',
        'Tell me about ABA',
        'applied behaviour analysis?',
      ],
    ],
    ['aba-at-home', ['ABA in our house', 'a morning routine', 'in daily life']],
    ['case-studies', ['Any real stories?', 'the Case-Studies eBook', 'CASE STUDY']],
    ['audiobook', ['audio version?', 'Does it come as MP3?', 'audio book']],
    [
      'download-trouble',
      ["I didn't receive my eBook", 'the link expired', "can't open the file", 'Downloading fails'],
    ],
    ['checkout-payment', ['checkout is stuck', 'I was charged twice', 'credit card declined']],
    ['price', ['prices?', 'is it expensive', 'any discounts', 'where can I buy it']],
    ['format', ['Can I print it?', 'how many pages', 'on my phone', 'Kindle?']],
    ['overwhelmed', ['so stressed', 'I am exhausted', "I can't cope", 'frustrating days']],
    ['results-timing', ['how soon will it work', 'will he improve', 'does it work']],
    ['family', ['his siblings', 'my husband disagrees', 'the grandparents']],
    ['therapy-replacement', ['our BCBA', 'instead of a therapist', 'is this medical advice']],
    ['support', ['help!', 'how do I contact you', 'can I email someone', 'talk to a human']],
    ['age', ['is it for toddlers', 'a teenager', 'what ages', 'she is younger']],
  ] as const)('answers %s for each of its keywords', (topic, messages) => {
    for (const message of messages)
      expect([message, cannedReplyTopic(message)]).toEqual([message, topic]);
  });

  it.each(['Is this for my child?', 'Which one should I choose?', 'thinking about it'])(
    'matches whole words only, so "%s" is not a greeting',
    (message) => {
      expect(cannedReplyTopic(message)).not.toBe('greeting');
    },
  );

  it.each([
    'My child needs to pay attention',
    'We use picture cards',
    'He does not listen to me',
    'schedule',
    'homemade snacks',
    'homework',
  ])('leaves "%s" to the encouraging fallback', (message) => {
    expect(cannedReplyTopic(message)).toBe('fallback');
  });

  // Every pair of topics, the later topic's words written first: the earlier topic still wins.
  const pairs = MESSAGES_BY_TOPIC.flatMap(([earlier, earlierMessage], index) =>
    MESSAGES_BY_TOPIC.slice(index + 1).map(
      ([later, laterMessage]) => [earlier, later, `${laterMessage} ${earlierMessage}`] as const,
    ),
  );
  it.each(pairs)('prefers %s over %s in "%s"', (earlier, _later, message) => {
    expect(cannedReplyTopic(message)).toBe(earlier);
  });
});

describe('cannedReply', () => {
  it('gives a distinct reply for every topic and the fallback', () => {
    const replies = Object.values(CANNED_REPLIES);
    expect(new Set(replies).size).toBe(MESSAGES_BY_TOPIC.length + 1);
  });

  it.each(MESSAGES_BY_TOPIC)('gives the %s reply for "%s"', (topic, message) => {
    expect(cannedReply(message)).toBe(CANNED_REPLIES[topic]);
  });

  it('falls back to an encouraging reply for anything else', () => {
    expect(cannedReply('Tantrums at bedtime')).toBe(CANNED_REPLIES.fallback);
    expect(cannedReply('')).toBe(CANNED_REPLIES.fallback);
  });

  it.each([
    ['price', ['$27.99', '$19.99', '$42.99', 'USD']],
    ['format', ['PDF', 'MP3', '10 chapters', '40–60 pages']],
    ['case-studies', ['5 real family stories']],
    ['age', ['2 to 18']],
    ['results-timing', ['2–4 weeks']],
    ['support', [SUPPORT_EMAIL, '24 hours']],
    ['download-trouble', [SUPPORT_EMAIL, 'new link']],
    ['checkout-payment', ['refresh', SUPPORT_EMAIL]],
    ['audiobook', ['MP3', 'instant download', 'lifetime access', 'no login needed']],
    ['therapy-replacement', ['not a replacement for professional therapy', 'medical advice']],
  ] as const)('states the facts of the spec in the %s reply', (topic, facts) => {
    for (const fact of facts) expect(CANNED_REPLIES[topic]).toContain(fact);
  });

  it('writes to the support address the site uses', () => {
    expect(SUPPORT_EMAIL).toBe('support@abaparentguides.com');
  });

  it("names the catalogue's eBooks, so a renamed book is named anew at once", () => {
    const renamed = chatCatalogue(
      SEEDED_CATALOGUE.map((product) =>
        product.kind === 'foundational' ? { ...product, name: 'Parenting with ABA' } : product,
      ),
    );
    expect(cannedReplies(renamed)['what-is-aba']).toContain("Our 'Parenting with ABA'");
    expect(cannedReplies(renamed)['aba-at-home']).toContain("'Parenting with ABA' guides you");
  });

  it.each(['price', 'case-studies', 'what-is-aba', 'aba-at-home'] as const)(
    'gives a %s reply without names or prices when the catalogue could not be read',
    (topic) => {
      const reply = cannedReplies(chatCatalogue(null))[topic];
      expect(reply).not.toMatch(/\$\d|undefined/);
      expect(reply.length).toBeGreaterThan(50);
    },
  );
});
