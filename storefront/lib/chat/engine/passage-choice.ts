/**
 * Which passages a reply stands on: the search's best, the rest of its section, one from another
 * page that says the same, one that holds what the first lacks, and the shop's own help; none
 * when they cover too little of the question. A follow-up is searched with the question before
 * it. retrieval-reply.ts quotes them (docs/adr/0020-chat-answers-from-shop-content.md).
 */
import type { ChatTurn } from '../protocol';
import { DEFINITION, FOLLOW_UP_OPENING, PRODUCT_QUESTION, isFollowUp } from './intents';
import type { Passage } from './passage';
import type { PassageHit, SearchIndex } from './search-index';

/** The passages that say what the shop sells: a product question wants one of them. */
const OFFER_KINDS: ReadonlySet<Passage['kind']> = new Set(['product', 'chapter']);

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

const previousQuestion = (history: readonly ChatTurn[]) =>
  history.findLast((turn) => turn.role === 'user')?.content;

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
