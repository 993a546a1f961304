/**
 * The chat's own answers in the browser, for when the chat route cannot be reached or fails
 * (docs/product.md#error-catalogue): the server answers from the shop's content instead
 * (../engine/retrieval-reply.ts). The first topic whose keywords the message contains wins, in
 * the spec's order, so "Hi, what does it cost?" is greeted (the engine's greeting rule,
 * ../engine/greeting.ts) rather than priced. The eBooks' names and prices come from the
 * catalogue the server hands over (../server/chat-catalogue.ts); without it the replies speak of
 * the books without naming or pricing them.
 */
import { holdsGreeting } from '../engine/greeting';
import { SUPPORT_EMAIL, type ChatCatalogue } from '../protocol';

export type CannedTopic =
  | 'greeting'
  | 'what-is-aba'
  | 'aba-at-home'
  | 'case-studies'
  | 'audiobook'
  | 'download-trouble'
  | 'checkout-payment'
  | 'price'
  | 'format'
  | 'overwhelmed'
  | 'results-timing'
  | 'family'
  | 'therapy-replacement'
  | 'support'
  | 'age';

/**
 * The topics after the greeting, by their keywords. Keywords match whole words in any case. A
 * space stands for any run of spaces or hyphens ("case studies", "case-studies"), and a trailing
 * `*` lets the word go on ("overwhelm*" finds "overwhelmed"). Words with an everyday second
 * meaning stay out: "pay" (attention), "card" (picture cards), "listen" (to a parent), "example".
 */
const TOPIC_KEYWORDS: readonly (readonly [Exclude<CannedTopic, 'greeting'>, readonly string[]])[] =
  [
    [
      'what-is-aba',
      [
        'what is aba',
        "what's aba",
        'what does aba',
        'aba mean*',
        'aba stand*',
        'about aba',
        'explain aba',
        'applied behavior analysis',
        'applied behaviour analysis',
      ],
    ],
    ['aba-at-home', ['home', 'house', 'routine*', 'daily life', 'every day', 'everyday']],
    ['case-studies', ['case stud*', 'story', 'stories', 'real families']],
    ['audiobook', ['audiobook*', 'audio', 'audio book*', 'mp3']],
    [
      'download-trouble',
      [
        'download*',
        'link',
        'links',
        "can't open",
        'cannot open',
        "didn't receive",
        'did not receive',
        "haven't received",
        'not received',
        'never received',
      ],
    ],
    [
      'checkout-payment',
      [
        'checkout',
        'payment*',
        'paid',
        'credit card',
        'debit card',
        'paypal',
        'charged',
        'billing',
        'transaction*',
      ],
    ],
    [
      'price',
      [
        'price*',
        'pricing',
        'cost*',
        'how much',
        'expensive',
        'cheap*',
        'afford*',
        'discount*',
        'buy',
        'buying',
      ],
    ],
    [
      'format',
      [
        'pdf*',
        'format*',
        'pages',
        'chapter*',
        'print*',
        'kindle',
        'epub',
        'device*',
        'tablet',
        'ipad',
        'phone',
      ],
    ],
    [
      'overwhelmed',
      [
        'overwhelm*',
        'stress*',
        'exhausted',
        'tired',
        'frustrat*',
        'anxious',
        'worried',
        'burnout',
        'burned out',
        'burnt out',
        'cope',
        'coping',
        'hopeless',
      ],
    ],
    [
      'results-timing',
      [
        'result*',
        'how long',
        'how soon',
        'when will',
        'progress',
        'improve*',
        'does it work',
        'effective',
        'weeks',
        'months',
      ],
    ],
    [
      'family',
      [
        'famil*',
        'sibling*',
        'brother*',
        'sister*',
        'partner*',
        'husband',
        'wife',
        'spouse',
        'grandparent*',
        'caregiver*',
        'together',
      ],
    ],
    [
      'therapy-replacement',
      [
        'therap*',
        'bcba',
        'replace*',
        'instead of',
        'professional*',
        'doctor*',
        'clinician*',
        'medical',
        'medication*',
        'diagnos*',
      ],
    ],
    ['support', ['support', 'help', 'contact', 'email', 'e-mail', 'talk to', 'speak to', 'human']],
    [
      'age',
      [
        'age',
        'ages',
        'aged',
        'old',
        'older',
        'young*',
        'toddler*',
        'teen*',
        'adolescen*',
        'preschool*',
      ],
    ],
  ];

export type CannedReplies = Readonly<Record<CannedTopic | 'fallback', string>>;

/** The replies, with the catalogue's names and prices of the eBooks. */
export function cannedReplies({ guide, stories, pack, currency }: ChatCatalogue): CannedReplies {
  const guideName = guide ? `'${guide.name}'` : 'Our guide for parents';
  return {
    greeting:
      "Hello, and welcome! I'm here to answer your questions about ABA (applied behavior analysis) and our eBooks for parents. You can ask me what ABA is, how to use it at home, or about prices, formats and downloads. What would you like to know?",
    'what-is-aba': `ABA (applied behavior analysis) is an evidence-based approach to understanding behavior: what happens before it, the behavior itself, and what follows. For families, it means breaking skills into small steps, noticing what helps your child succeed and encouraging progress with positive reinforcement. ${guide ? `Our '${guide.name}'` : 'Our guide for parents'} explains the basics in plain language across 10 chapters.`,
    'aba-at-home': `Yes, you can use ABA strategies at home! Start small: choose one everyday routine, such as getting dressed or mealtime, break it into simple steps and praise each success right away. Consistency matters more than intensity. ${guideName} guides you through practical, safe strategies for daily life, one chapter at a time.`,
    'case-studies': `${stories ? `'${stories.name}' (${stories.price})` : 'Our case studies eBook'} shares 5 real family stories: the challenges each family faced, the ABA strategies they tried at home and what changed. It comes with progress-tracking templates so you can follow your own child's progress, and the MP3 audiobook is included.`,
    audiobook:
      'Every eBook comes with an MP3 audiobook at no extra cost, so you can listen in the car, on a walk or while your child naps. You get the PDF and the MP3 together: instant download, lifetime access, no login needed.',
    'download-trouble': `Your eBook and audiobook download instantly after purchase, and the links are also in your confirmation e-mail (please check your spam folder). If a download doesn't work or a link has expired, e-mail us at ${SUPPORT_EMAIL} with your order ID and the e-mail address you used at checkout, and we'll send you a new link, usually within 24 hours.`,
    'checkout-payment': `Sorry that checkout is giving you trouble. Please refresh the page and try again; payments are handled securely by our payment provider. If it still doesn't work, or you were charged but didn't receive your eBook, write to ${SUPPORT_EMAIL} and we'll sort it out, usually within 24 hours.`,
    price:
      guide && stories && pack
        ? `Our prices are in ${currency}: '${guide.name}' is ${guide.price}, '${stories.name}' is ${stories.price}, and the '${pack.name}' with both eBooks is ${pack.price} (save 10%). Each includes the PDF and the MP3 audiobook, with instant download, lifetime access and no login needed. You'll find them all in our Shop.`
        : "You'll find every eBook with its price in our Shop. Each includes the PDF and the MP3 audiobook, with instant download, lifetime access and no login needed.",
    format:
      'Each eBook is a PDF of 10 chapters and 40–60 pages that you can read on a phone, tablet or computer, or print. An MP3 audiobook is included too. You download both instantly after purchase and keep them for life, with no login needed.',
    overwhelmed:
      "It's completely understandable to feel overwhelmed. You're doing a lot, and looking for answers shows how much you care. Try focusing on one small goal this week rather than everything at once, and celebrate the small wins. Our eBooks were written to give you a clear place to start, step by step. Please remember to look after yourself too.",
    'results-timing':
      'Every child is different, but many families notice first changes within 2–4 weeks of applying the strategies consistently. Progress often comes in small steps, so a simple diary helps you see it (the Case Studies eBook includes progress-tracking templates). Results vary, and no particular outcome can be guaranteed.',
    family:
      'ABA works best when the whole family takes part. When parents, siblings and other caregivers respond to behaviors in the same way, children learn faster and feel more secure. Try agreeing on one or two shared rules and rewards, and celebrate successes together. Our guides include practical ideas for bringing everyone on board.',
    'therapy-replacement':
      "Our eBooks are educational resources for parents. They are not a replacement for professional therapy, and they don't give medical advice. They work well alongside your child's therapy, helping you practise strategies at home between sessions. For a diagnosis, a treatment plan or medical questions, please talk to a qualified professional such as a BCBA or your child's doctor.",
    support: `We're happy to help! Write to ${SUPPORT_EMAIL} or use the form on our Contact page, and our team will reply within 24 hours. You're also welcome to keep asking me questions here.`,
    age: 'The strategies in our eBooks suit children aged 2 to 18. The principles are the same at every age, and the examples show how to adapt them, from toddlers learning daily routines to teenagers building independence.',
    fallback: `Thank you for your question. Every family's journey with ABA is unique, and small, consistent steps can make a real difference. I can tell you what ABA is, how to use it at home, and about our eBooks, their prices, formats and downloads. For anything more specific, write to ${SUPPORT_EMAIL} and our team will reply within 24 hours.`,
  };
}

function keywordPattern(keyword: string): string {
  const open = keyword.endsWith('*');
  const word = (open ? keyword.slice(0, -1) : keyword)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '[\\s-]+');
  return open ? `${word}\\w*` : word;
}

const TOPIC_PATTERNS = TOPIC_KEYWORDS.map(
  ([topic, keywords]) =>
    [topic, new RegExp(`\\b(?:${keywords.map(keywordPattern).join('|')})\\b`, 'i')] as const,
);

/** The topic of the first keyword group the message matches, in the spec's order. */
export function cannedReplyTopic(message: string): CannedTopic | 'fallback' {
  // "Hi" is not found in "this" or "child".
  if (holdsGreeting(message)) return 'greeting';
  // Phones type a typographic apostrophe; the keywords use the plain one.
  const text = message.replace(/[\u2018\u2019]/g, "'");
  return TOPIC_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'fallback';
}

export function cannedReply(message: string, catalogue: ChatCatalogue): string {
  return cannedReplies(catalogue)[cannedReplyTopic(message)];
}
