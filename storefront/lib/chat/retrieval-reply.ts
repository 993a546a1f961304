/**
 * The assistant's reply without a model (docs/product.md#chat-assistant): the best passages of
 * the shop's own content, quoted, with where they come from; what the shop can do itself when a
 * passage says so; the educational disclaimer when therapy, medication or a diagnosis comes up;
 * and, when the content has no answer, the honest fallback with the support address.
 */
import { SUPPORT_EMAIL } from './canned-replies';
import type { Passage } from './knowledge/passages';
import type { SearchIndex } from './knowledge/search-index';

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
const FOLLOW_UP_OPENING = /^(?:and|or|but|also|what about|how about|what if|same|then|so|ok(?:ay)?|is that|does that|do they|is it|can it|will it)\b/i;
const FOLLOW_UP_MAX_TERMS = 2;

const GREETING_ONLY =
  /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening)|thanks?(?: you)?(?: so much| a lot)?|thank you(?: so much| very much)?|ok(?:ay)?|cheers)(?:\s+(?:there|everyone|all))?[\s!.,?]*$/i;

const THANKS = /^(?:thanks?|thank you|cheers)/i;

/** Therapy, medicines or a diagnosis: the reply says the books are no medical advice. */
const MEDICAL =
  /\b(?:diagnos\w*|medica\w*|medicine\w*|melatonin|risperidone|ritalin|adhd meds|dose|dosage|pills?|prescri\w*|is (?:my|he|she) \w* ?autistic|autistic or not|cure\w*|vaccin\w*|supplement\w*|diet)\b/i;
const THERAPY = /\b(?:therap\w*|bcba|therapist\w*|clinician\w*|psycholog\w*|psychiatr\w*|doctor\w*|paediatrician|pediatrician)\b/i;

const SAFETY_LINE =
  "I can't give a diagnosis or medical advice: please talk to a qualified professional, such as your child's doctor or a BCBA, about that.";

/** Below this share of the question's words found in the best passage, it is no answer. */
const MIN_COVERAGE = 0.25;
/** Below this share, the reply also offers the support address in case it missed the point. */
const SURE_COVERAGE = 0.5;
/** A second passage joins the first when it scores at least this share of the first's score. */
const SECOND_PASSAGE_SHARE = 0.7;
/** The longest quote from one passage, in words. */
const MAX_QUOTE_WORDS = 70;

export function isFollowUp(message: string, terms: string[]): boolean {
  return FOLLOW_UP_OPENING.test(message.trim()) || terms.length <= FOLLOW_UP_MAX_TERMS;
}


/** What to search for: the question, with the previous question when this one follows it. */
export function retrievalQuery(
  message: string,
  history: readonly ChatTurn[],
  index: SearchIndex,
): string {
  const previous = history.findLast((turn) => turn.role === 'user')?.content;
  if (!previous) return message;
  return isFollowUp(message, index.terms(message)) ? `${previous} ${message}` : message;
}

function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=["'(\u201c]?[A-Z0-9])/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The passage's sentences that carry the question's words, in the passage's order, up to
 * MAX_QUOTE_WORDS; a short passage whole.
 */
export function quoteOf(passage: Passage, queryTerms: ReadonlySet<string>, index: SearchIndex) {
  const sentences = sentencesOf(passage.text);
  if (wordCount(passage.text) <= MAX_QUOTE_WORDS) return sentences.join(' ');
  const scored = sentences.map((sentence, position) => ({
    sentence,
    position,
    score: new Set(index.terms(sentence).filter((term) => queryTerms.has(term))).size,
  }));
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.position - b.position);
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
  /** Whether the best passage holds most of what was asked. */
  sure: boolean;
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
  const { hits } = index.search(retrievalQuery(message, history, index), 6);
  const [top] = hits;
  if (!top || top.coverage < MIN_COVERAGE) return { passages: [], sure: false };
  const chosen = [top.passage];
  const second = hits.slice(1).find((hit) => {
    if (hit.passage.url === top.passage.url && hit.passage.kind !== 'chapter') return false;
    const addsWords = [...hit.covered].some((term) => !top.covered.has(term));
    return hit.score >= top.score * SECOND_PASSAGE_SHARE || (addsWords && hit.score >= top.score * 0.4);
  });
  if (second) chosen.push(second.passage);
  const help = hits.find(
    (hit) => hit.passage.kind === 'shop-help' && hit.score >= top.score * SECOND_PASSAGE_SHARE,
  );
  if (help && !chosen.includes(help.passage)) chosen.push(help.passage);
  const covered = new Set([...top.covered, ...(second?.covered ?? [])]);
  const questionTerms = hits[0] ? top.coverage && top.covered.size / top.coverage : 0;
  return { passages: chosen, sure: covered.size >= questionTerms * SURE_COVERAGE };
}

function disclaimerPassage(index: SearchIndex): Passage | undefined {
  return index.passages.find(
    (passage) => passage.kind === 'legal' && /disclaimer/i.test(passage.title),
  );
}

export function retrievalReply(
  message: string,
  history: readonly ChatTurn[],
  index: SearchIndex,
): RetrievalReply {
  if (GREETING_ONLY.test(message.trim())) return greetingReply(message);
  const medical = MEDICAL.test(message);
  const therapy = medical || THERAPY.test(message);
  const disclaimer = therapy ? disclaimerPassage(index) : undefined;
  const { passages, sure } = medical
    ? { passages: [], sure: true }
    : passagesFor(message, history, index);
  if (!passages.length && !medical) return fallbackReply();

  const queryTerms = new Set(index.terms(retrievalQuery(message, history, index)));
  const paragraphs = passages.map((passage) => quoteOf(passage, queryTerms, index));
  if (medical) paragraphs.unshift(SAFETY_LINE);
  const cited = [...passages];
  if (disclaimer && !cited.includes(disclaimer)) {
    paragraphs.push(sentencesOf(disclaimer.text).slice(0, 2).join(' '));
    cited.push(disclaimer);
  }
  if (medical && !disclaimer) {
    paragraphs.push(
      'Our eBooks are educational resources for parents and do not replace professional therapy or medical advice.',
    );
  }
  const sources = cited
    .map(sourceOf)
    .filter((source, i, all) => all.findIndex((other) => other.url === source.url) === i);
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
