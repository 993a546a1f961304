/**
 * The assistant's reply without a model (docs/product.md#chat-assistant): the best passages of
 * the shop's own content, quoted, with where they come from; what the shop can do itself when a
 * passage says so; the educational disclaimer when therapy, medication or a diagnosis comes up;
 * and, when the content has no answer, the honest fallback with the support address.
 */
import { SUPPORT_EMAIL } from './canned-replies';
import { wordCount, type Passage } from './knowledge/passages';
import type { PassageHit, SearchIndex } from './knowledge/search-index';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatSource {
  title: string;
  url: string;
}

export interface RetrievalReply {
  reply: string;
  /** 'content' when passages answered, 'canned' for a greeting or the fallback. */
  source: 'content' | 'canned';
  sources: ChatSource[];
  /** The passages the reply stands on: what a model is given as its context. */
  passages: Passage[];
}

/** A question this short, or opening like this, continues the previous one. */
const FOLLOW_UP_OPENING =
  /^(?:and|or|but|also|what about|how about|what if|same|then|so|ok(?:ay)?|is that|does that|do they|is it|can it|will it)\b/i;
const FOLLOW_UP_MAX_TERMS = 2;

const GREETING_ONLY =
  /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening)|thanks?(?: you)?(?: so much| a lot)?|thank you(?: so much| very much)?|ok(?:ay)?|cheers)(?:\s+(?:there|everyone|all))?[\s!.,?]*$/i;

const THANKS = /^(?:thanks?|thank you|cheers)/i;

/**
 * Medicines, treatment or a diagnosis asked for: the reply gives no content of its own, only
 * the safety line and the disclaimer. A diagnosis merely mentioned ("do you need my child's
 * diagnosis?") is no request for one; it brings the disclaimer alone.
 */
const MEDICAL = new RegExp(
  [
    /\b(?:medica\w*|medicine\w*|meds|melatonin|risperidone|ritalin|dose|dosage|pills?|prescri\w*|cure\w*|vaccin\w*|supplement\w*|diet)\b/,
    /\b(?:diagnose|diagnosing)\b/,
    /\b(?:is|are|be|if|whether) (?:(?:my|our) \w+|he|she|they) (?:\w+ )?(?:autistic|on the spectrum)\b/,
    /\b(?:(?:does|do|could|might|may) (?:(?:my|our) \w+|he|she|they) (?:\w+ )?have autism|autistic or not|signs? of autism)\b/,
  ]
    .map(({ source }) => source)
    .join('|'),
  'i',
);
const THERAPY =
  /\b(?:therap\w*|bcba|clinician\w*|psycholog\w*|psychiatr\w*|doctor\w*|paediatrician|pediatrician|diagnos\w*)\b/i;

const SAFETY_LINE =
  "I can't give a diagnosis or medical advice: please talk to a qualified professional, such as your child's doctor or a BCBA, about that.";

/**
 * Whether the shop has, or will have, a product: only the catalogue and the chapters say what
 * the shop sells, so a blog post that mentions the topic is no "yes".
 */
const PRODUCT_QUESTION =
  /\b(?:(?:do|will|would|did) you (?:have|sell|offer|make|do|stock)|is there) (?:a|an|any|one|some)\b|\b(?:next|new|upcoming|another|future) (?:e?books?|guides?|books?|products?|titles?)\b|\b(?:coming out|release date|be released|launch\w*)\b/i;
const OFFER_KINDS: ReadonlySet<Passage['kind']> = new Set(['product', 'chapter']);

/** "What does BCBA stand for?", "what is reinforcement?": the word asked about. */
const DEFINITION =
  /\bwhat (?:does|do|is|are|'s) (?:an? |the )?([\p{L}][\p{L}-]*) (?:stand for|mean)\b|\bwhat(?: is|'s|s) (?:an? )?([\p{L}][\p{L}-]*)\s*\?|\b(?:meaning|definition) of (?:an? |the )?([\p{L}][\p{L}-]*)/iu;

/**
 * The passage that defines a word: a glossary's "BCBA: Board Certified…", or a sentence that
 * opens "Reinforcement is…".
 */
export function definitionOf(word: string, passages: readonly Passage[]): Passage | undefined {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opening = new RegExp(`^(?:an? |the )?${escaped}(?::| is | are | means | \\()`, 'i');
  return passages.find((passage) =>
    passage.text.split('\n').some((line) => opening.test(line.trim())),
  );
}

/** Below this share of the question's words found in the best passage, it is no answer. */
const MIN_COVERAGE = 0.3;
/** Below this share, the reply also offers the support address in case it missed the point. */
const SURE_COVERAGE = 0.7;
/** A passage from another page joins the first when it scores at least this share of it. */
const SECOND_PASSAGE_SHARE = 0.7;
/** A passage of the first's own section joins from this share of its score. */
const NEIGHBOUR_PASSAGE_SHARE = 0.4;
/** The FAQ's answer on the same point joins from this share of the first's score. */
const FAQ_PASSAGE_SHARE = 0.3;
/** A passage that holds words of the question the first lacks joins from this share. */
const ADDING_PASSAGE_SHARE = 0.2;
/** The most passages one reply quotes. */
const MAX_PASSAGES = 3;
/** The longest quote from one passage, in words. */
const MAX_QUOTE_WORDS = 70;

export function isFollowUp(message: string, terms: string[]): boolean {
  return FOLLOW_UP_OPENING.test(message.trim()) || terms.length <= FOLLOW_UP_MAX_TERMS;
}

const previousQuestion = (history: readonly ChatTurn[]) =>
  history.findLast((turn) => turn.role === 'user')?.content;

function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=["'(\u201c]?[A-Z0-9])/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** An amount of money: only the catalogue's passages may put one in a reply. */
const PRICE = /(?:[$€£¥]\s?\d|\d[\d.,]*\s?(?:dollars?|usd|eur|euros?|gbp|pounds?)\b)/i;

/**
 * The passage's sentences that carry the question's words, in the passage's order, up to
 * MAX_QUOTE_WORDS; a short passage whole. `queryTerms` weighs each word (1 when not given).
 * Only a catalogue passage quotes a price: one anywhere else may be out of date or another
 * shop's, and a reply never states a price the catalogue does not.
 */
export function quoteOf(
  passage: Passage,
  queryTerms: ReadonlySet<string> | ReadonlyMap<string, number>,
  index: SearchIndex,
) {
  const weightOf = (term: string) =>
    queryTerms instanceof Map ? (queryTerms.get(term) ?? 0) : Number(queryTerms.has(term));
  const sentences = sentencesOf(passage.text).filter(
    (sentence) => passage.kind === 'product' || !PRICE.test(sentence),
  );
  if (wordCount(sentences.join(' ')) <= MAX_QUOTE_WORDS) return sentences.join(' ');
  const scored = sentences.map((sentence, position) => ({
    sentence,
    position,
    score: [...new Set(index.terms(sentence))].reduce((sum, term) => sum + weightOf(term), 0),
  }));
  // The first sentence states what the rest explains: it leads the quote whenever it fits.
  const ranked = [...scored].sort(
    (a, b) =>
      Number(b.position === 0) - Number(a.position === 0) ||
      b.score - a.score ||
      a.position - b.position,
  );
  const chosen: typeof scored = [];
  let words = 0;
  for (const candidate of ranked) {
    const length = wordCount(candidate.sentence);
    if (chosen.length && (candidate.score === 0 || words + length > MAX_QUOTE_WORDS)) continue;
    chosen.push(candidate);
    words += length;
  }
  return chosen
    .sort((a, b) => a.position - b.position)
    .map(({ sentence }) => sentence)
    .join(' ');
}

const sourceOf = (passage: Passage): ChatSource => ({
  title: passage.sourceTitle.replace(/^our /, '').replace(/^./, (first) => first.toUpperCase()),
  url: passage.url,
});

function greetingReply(message: string): RetrievalReply {
  const reply = THANKS.test(message.trim())
    ? "You're welcome! Ask me anything else about ABA at home or our eBooks whenever you like."
    : "Hello, and welcome! Ask me about ABA at home, our eBooks, their prices and formats, or your downloads, and I'll answer from our guides, FAQ and blog.";
  return { reply, source: 'canned', sources: [], passages: [] };
}

export function fallbackReply(): RetrievalReply {
  return {
    reply: `I'm sorry, I couldn't find an answer to that in our guides, FAQ or policies, and I'd rather not guess. Please write to ${SUPPORT_EMAIL} or use our Contact page, and our team will reply within 24 hours.`,
    source: 'canned',
    sources: [{ title: 'Contact page', url: '/contact' }],
    passages: [],
  };
}

export interface ChosenPassages {
  passages: Passage[];
  /** Whether the passages hold most of what was asked. */
  sure: boolean;
  /** The words the quotes are chosen by, each with its weight. */
  queryWeights: ReadonlyMap<string, number>;
}

/**
 * The passages a reply stands on: the best; a second that scores close to it from another
 * page, or that holds words of the question the first lacks; and the shop's own help.
 */
export function passagesFor(
  message: string,
  history: readonly ChatTurn[],
  index: SearchIndex,
): ChosenPassages {
  const previous = previousQuestion(history);
  if (!previous || !isFollowUp(message, index.terms(message))) {
    return choosePassages(message, undefined, index);
  }
  // A short question may still stand on its own ("what ages is it for?"); one that opens like
  // a follow-up ("and for teenagers?") never does.
  if (!FOLLOW_UP_OPENING.test(message.trim())) {
    const alone = choosePassages(message, undefined, index);
    if (alone.sure) return alone;
  }
  return choosePassages(message, previous, index);
}

function choosePassages(
  message: string,
  context: string | undefined,
  index: SearchIndex,
): ChosenPassages {
  const query = context ? `${context} ${message}` : message;
  const { hits, termWeights } = index.search(message, 8, context);
  const queryWeights = queryWeightsOf(query, termWeights, index);
  const asked = DEFINITION.exec(message)?.slice(1).find(Boolean);
  // "What is it?" asks about nothing the content could define.
  const definition =
    asked && index.terms(asked).length ? definitionOf(asked, index.passages) : undefined;
  if (definition) return { passages: [definition], sure: true, queryWeights };
  const [top] = hits;
  if (!top) return { passages: [], sure: false, queryWeights };
  const others = hits.slice(1).filter((hit) => hit.passage.text !== top.passage.text);
  const chosen = [top];
  // The rest of the first's section (the licence's terms beside its "You may not"), when close.
  const neighbour = others.find(
    (hit) =>
      hit.passage.url === top.passage.url &&
      hit.passage.title === top.passage.title &&
      hit.score >= top.score * NEIGHBOUR_PASSAGE_SHARE,
  );
  if (neighbour) chosen.push(neighbour);
  const completing = completingPassage(
    top,
    others.filter((hit) => !chosen.includes(hit)),
    termWeights,
  );
  if (completing) chosen.push(completing);
  // The same answer from another page, when it scores as well; the FAQ's short answer on the
  // same point (beside the policy it sums up) from a lower score.
  const corroborating = others.find(
    (hit) =>
      !chosen.some((one) => one.passage.url === hit.passage.url) &&
      (hit.score >= top.score * SECOND_PASSAGE_SHARE ||
        (hit.passage.kind === 'faq' &&
          hit.score >= top.score * FAQ_PASSAGE_SHARE &&
          hit.coverage >= top.coverage * SECOND_PASSAGE_SHARE)),
  );
  if (corroborating && chosen.length < MAX_PASSAGES) chosen.push(corroborating);
  const help = others.find(
    (hit) => hit.passage.kind === 'shop-help' && hit.score >= top.score * SECOND_PASSAGE_SHARE,
  );
  if (help && !chosen.includes(help) && chosen.length < MAX_PASSAGES) chosen.push(help);
  const covered = new Set(chosen.flatMap((hit) => [...hit.covered]));
  const total = [...termWeights.values()].reduce((sum, weight) => sum + weight, 0);
  const coveredWeight = [...covered].reduce((sum, term) => sum + (termWeights.get(term) ?? 0), 0);
  const coverage = total ? coveredWeight / total : top.coverage;
  if (coverage < MIN_COVERAGE) return { passages: [], sure: false, queryWeights };
  const offer = chosen.find((hit) => OFFER_KINDS.has(hit.passage.kind));
  const offered = !PRODUCT_QUESTION.test(message) || (offer?.coverage ?? 0) >= SURE_COVERAGE;
  return {
    passages: chosen.map(({ passage }) => passage),
    sure: coverage >= SURE_COVERAGE && offered,
    queryWeights,
  };
}

/**
 * The passage that best completes the first: of those scoring at least ADDING_PASSAGE_SHARE of
 * it, the one that holds the most of the question's words the first lacks.
 */
function completingPassage(
  top: PassageHit,
  candidates: readonly PassageHit[],
  termWeights: ReadonlyMap<string, number>,
): PassageHit | undefined {
  const adds = (hit: PassageHit) =>
    [...hit.covered]
      .filter((term) => !top.covered.has(term))
      .reduce((sum, term) => sum + (termWeights.get(term) ?? 0), 0);
  return candidates
    .filter((hit) => hit.score >= top.score * ADDING_PASSAGE_SHARE && adds(hit) > 0)
    .sort((a, b) => adds(b) - adds(a) || b.score - a.score)[0];
}

/**
 * The words a quote's sentences are scored by: the question's, by rarity, and the vocabulary's
 * (what the index searched beside them), a little less.
 */
function queryWeightsOf(
  query: string,
  termWeights: ReadonlyMap<string, number>,
  index: SearchIndex,
): Map<string, number> {
  const weights = new Map<string, number>();
  const floor = Math.min(...termWeights.values(), 1);
  for (const term of index.terms(query)) weights.set(term, termWeights.get(term) ?? floor);
  return weights;
}

/** The educational disclaimer, in the sentences that speak to the question. */
function disclaimerQuote(index: SearchIndex, queryWeights: ReadonlyMap<string, number>) {
  const passages = index.passages.filter(
    (passage) => passage.kind === 'legal' && /disclaimer/i.test(passage.title),
  );
  if (!passages.length) return null;
  const weights = new Map(queryWeights);
  for (const term of index.terms('professional substitute therapy medical diagnosis advice')) {
    weights.set(term, Math.max(weights.get(term) ?? 0, 1));
  }
  const sentences = passages.flatMap((passage) => sentencesOf(passage.text));
  const [first, ...rest] = sentences;
  const best = rest
    .map((sentence) => ({
      sentence,
      score: [...new Set(index.terms(sentence))].reduce(
        (sum, term) => sum + (weights.get(term) ?? 0),
        0,
      ),
    }))
    .sort((a, b) => b.score - a.score)[0];
  return {
    quote: [first, best?.sentence].filter(Boolean).join(' '),
    passage: passages[0] as Passage,
  };
}

export function retrievalReply(
  message: string,
  history: readonly ChatTurn[],
  index: SearchIndex,
): RetrievalReply {
  if (GREETING_ONLY.test(message.trim())) return greetingReply(message);
  const medical = MEDICAL.test(message);
  const therapy = medical || THERAPY.test(message);
  const chosen = passagesFor(message, history, index);
  const { passages, sure } = medical ? { passages: [], sure: true } : chosen;
  if (!passages.length && !medical) return fallbackReply();

  const paragraphs = passages.map((passage) => quoteOf(passage, chosen.queryWeights, index));
  if (medical) paragraphs.unshift(SAFETY_LINE);
  const cited = [...passages];
  const disclaimer = therapy ? disclaimerQuote(index, chosen.queryWeights) : null;
  if (disclaimer && !cited.includes(disclaimer.passage)) {
    paragraphs.push(disclaimer.quote);
    cited.push(disclaimer.passage);
  }
  if (medical && !disclaimer) {
    paragraphs.push(
      'Our eBooks are educational resources for parents and do not replace professional therapy or medical advice.',
    );
  }
  // One link a page: the home page's FAQ and the contact page's say the same.
  const sources = cited
    .map(sourceOf)
    .filter(
      (source, i, all) =>
        all.findIndex((other) => other.url === source.url || other.title === source.title) === i,
    );
  if (!sure) {
    paragraphs.push(
      `If that doesn't answer your question, write to ${SUPPORT_EMAIL} and our team will reply within 24 hours.`,
    );
  }
  const from = [...new Set(cited.map((passage) => passage.sourceTitle))].join(' and ');
  if (from) paragraphs.push(`(From ${from}.)`);
  return {
    reply: paragraphs.join('\n\n'),
    source: passages.length ? 'content' : 'canned',
    sources,
    passages: cited,
  };
}
