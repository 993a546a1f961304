/**
 * The assistant's reply without a model (docs/product.md#chat-assistant): the best passages of
 * the shop's own content (passage-choice.ts), quoted, with where they come from; what the shop
 * can do itself when a passage says so; the educational disclaimer when therapy, medication or a
 * diagnosis comes up; and, when the content has no answer, the honest fallback with the support
 * address. A model, when there is one, writes from the same passages (../server/chat-service.ts).
 */
import { SUPPORT_EMAIL, type ChatReplySource, type ChatSource, type ChatTurn } from '../protocol';
import { greetingOnly } from './greeting';
import { MEDICAL, THERAPY } from './intents';
import { wordCount, type Passage } from './passage';
import { passagesFor } from './passage-choice';
import { statesPrice } from './prices';
import type { SearchIndex } from './search-index';

export interface RetrievalReply {
  reply: string;
  /** 'content' when passages answered, 'canned' for a greeting or the fallback. */
  source: Exclude<ChatReplySource, 'model'>;
  sources: ChatSource[];
  /** The passages the reply stands on: what a model is given as its context. */
  passages: Passage[];
}

const SAFETY_LINE =
  "I can't give a diagnosis or medical advice: please talk to a qualified professional, such as your child's doctor or a BCBA, about that.";

/** The longest quote from one passage, in words. */
const MAX_QUOTE_WORDS = 70;

function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=["'(\u201c]?[A-Z0-9])/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

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
    (sentence) => passage.kind === 'product' || !statesPrice(sentence),
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

function greetingReply(greeting: 'greeting' | 'thanks'): RetrievalReply {
  const reply =
    greeting === 'thanks'
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
  const greeting = greetingOnly(message);
  if (greeting) return greetingReply(greeting);
  const medical = MEDICAL.test(message);
  const therapy = medical || THERAPY.test(message);
  const chosen = passagesFor(message, history, index);
  const { passages, sure } = medical ? { passages: [], sure: true } : chosen;
  if (!passages.length && !medical) return fallbackReply();

  // Chunks of one section each open with its first sentence: a reply says it once.
  const quoted = new Set<string>();
  const paragraphs = passages
    .map((passage) =>
      sentencesOf(quoteOf(passage, chosen.queryWeights, index))
        .filter((sentence) => !quoted.has(sentence) && quoted.add(sentence))
        .join(' '),
    )
    .filter(Boolean);
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
