/**
 * The retrieval index over the shop's passages: MiniSearch's ranked full-text search (BM25+),
 * with English stemming and stop words and a typo forgiven in longer words
 * (docs/adr/0020-chat-answers-from-shop-content.md). A question is read and widened first
 * (question-terms.ts); a passage's score is then weighed by how much of the question it covers.
 */
import MiniSearch from 'minisearch';
import type { Passage, PassageKind } from './passage';
import {
  INTENT_TERM,
  NUMBER_LIKE,
  isTypedStopWord,
  processQueryTerm,
  processTerm,
  termsOf,
  tokenize,
  widen,
} from './question-terms';

export interface PassageHit {
  passage: Passage;
  /** The search's BM25+ score, times `coverage`. */
  score: number;
  /**
   * The share of the question's own words that this passage holds, directly, by vocabulary or
   * with a typo, each word weighed by how rare it is in the content: how far the passage
   * answers the question rather than merely matching it.
   */
  coverage: number;
  /** Those words. */
  covered: ReadonlySet<string>;
}

export interface SearchResult {
  hits: PassageHit[];
  /** The question's own words, stemmed, without stop words and without numbers. */
  questionTerms: string[];
  /** How much each question word weighs in `coverage`: the rarer in the content, the more. */
  termWeights: ReadonlyMap<string, number>;
}

export interface SearchIndex {
  /** The best passages for a question; `context`, the question it follows, counts less. */
  search(question: string, limit?: number, context?: string): SearchResult;
  /** A text's words as the index knows them: stemmed, without stop words. */
  terms(text: string): string[];
  /** The index as MiniSearch serialises it, in bytes: roughly what it holds in memory. */
  serializedBytes(): number;
  readonly passages: readonly Passage[];
}

/**
 * The shop's own answers come first when they match as well: the FAQ is written to answer a
 * question, a blog paragraph only on the way to its point.
 */
const KIND_BOOST: Readonly<Record<PassageKind, number>> = {
  faq: 1.4,
  'shop-help': 1.15,
  legal: 1,
  chapter: 1.1,
  product: 1,
  blog: 0.9,
};

/** A passage of a kind the question asks for weighs this much more. */
const INTENT_BOOST = 1.5;
/**
 * A follow-up's previous question ("and the case studies one?" after "how much is…") is
 * searched too, at this share of the follow-up's own words.
 */
const CONTEXT_SHARE = 0.5;

interface IndexedPassage {
  id: string;
  title: string;
  text: string;
  keywords: string;
}

/** Inverse document frequency (BM25's), from how many passages hold a word; 0 for none. */
const idf = (passages: number, holding: number) =>
  Math.log(1 + (passages - holding + 0.5) / (holding + 0.5));

export function buildSearchIndex(passages: readonly Passage[]): SearchIndex {
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const index = new MiniSearch<IndexedPassage>({
    fields: ['title', 'text', 'keywords'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 1.5, keywords: 1.5 },

      prefix: false,
      combineWith: 'OR',
      processTerm: processQueryTerm,
      boostDocument: (id: string) => {
        const kind = byId.get(id)?.kind;
        return kind ? KIND_BOOST[kind] : 1;
      },
    },
  });
  index.addAll(
    passages.map(({ id, title, text, keywords = '' }) => ({ id, title, text, keywords })),
  );
  const vocabularyOf = new Map(
    passages.map((passage) => [
      passage.id,
      new Set(termsOf(`${passage.title} ${passage.text} ${passage.keywords ?? ''}`)),
    ]),
  );
  const holding = new Map<string, number>();
  for (const words of vocabularyOf.values()) {
    for (const word of words) holding.set(word, (holding.get(word) ?? 0) + 1);
  }
  const weightOf = (term: string) => idf(passages.length, holding.get(term) ?? 0);

  /** A text's words as asked, with the weight of each in `coverage`, times `share`. */
  const askedOf = (text: string, share: number) => {
    const widened = widen(text);
    const terms = [
      ...new Set(tokenize(text).flatMap((token) => processQueryTerm(token) ?? [])),
    ].filter(
      (term) =>
        !NUMBER_LIKE.test(term) &&
        !widened.people.has(term) &&
        // A typed stop word ("teh") is no topic the content lacks.
        (holding.has(term) || !isTypedStopWord(term)),
    );
    const termWeights = new Map(terms.map((term) => [term, weightOf(term) * share]));
    for (const { words: topic, keyTerms } of widened.added) {
      for (const term of keyTerms.filter((key) => key.startsWith(INTENT_TERM))) {
        termWeights.set(term, Math.max(...topic.map(weightOf)) * share);
      }
    }
    if (share !== 1) {
      for (const [term, word] of widened.words) {
        widened.words.set(term, { ...word, boost: word.boost * share });
      }
    }
    return { widened, termWeights };
  };

  return {
    passages,
    terms: termsOf,
    serializedBytes: () => Buffer.byteLength(JSON.stringify(index)),
    search(question, limit = 5, context) {
      const asked = askedOf(question, 1);
      const before = context ? askedOf(context, CONTEXT_SHARE) : null;
      const { kinds } = asked.widened;
      const added = [...asked.widened.added, ...(before?.widened.added ?? [])];
      const explained = new Set(added.flatMap(({ keyTerms }) => keyTerms));
      const questionTerms = [...asked.termWeights.keys()].filter(
        (term) => !term.startsWith(INTENT_TERM),
      );
      const termWeights = new Map([...(before?.termWeights ?? []), ...asked.termWeights]);
      const words = new Map(before?.widened.words);
      for (const [term, word] of asked.widened.words) {
        if ((words.get(term)?.boost ?? 0) < word.boost) words.set(term, word);
      }
      const totalWeight = [...termWeights.values()].reduce((sum, weight) => sum + weight, 0);
      const boosts = new Map([...words.keys()].map((term) => [term, words.get(term)?.boost ?? 1]));
      const query = [...words.values()].map(({ raw }) => raw).join(' ');
      const hits = index
        .search(query, {
          boostTerm: (term) => boosts.get(term) ?? 1,
          // One typo forgiven in a word of five letters or more that the content does not know;
          // short words must be right, or "age" would find "page", and a word the content knows
          // is no typo, or "print" would find "point".
          fuzzy: (term) => (term.length >= 5 && !holding.has(term) ? 1 : false),
          boostDocument: (id: string) => {
            const kind = byId.get(id)?.kind;
            return kind ? KIND_BOOST[kind] * (kinds.has(kind) ? INTENT_BOOST : 1) : 1;
          },
          processTerm,
        })
        .flatMap((result) => {
          const passage = byId.get(String(result.id));
          const known = vocabularyOf.get(String(result.id));
          if (!passage || !known) return [];
          // A word the vocabulary explained counts by its topic, not by its letters: "what do I
          // send?" is answered by what to include, not by any passage that says "send".
          const covered = new Set(
            [...termWeights.keys()].filter((term) => known.has(term) && !explained.has(term)),
          );
          const share = new Map([...covered].map((term) => [term, 1]));
          // A key of the vocabulary counts as found when the passage holds the topic's first
          // word, or most of its words; the more of them, the more it counts.
          for (const { words: topic, keyTerms } of added) {
            const held = topic.filter((word) => known.has(word)).length / topic.length;
            const found = known.has(topic[0] ?? '')
              ? (1 + held) / 2
              : topic.length >= 2 && held >= 0.5
                ? held
                : 0;
            for (const term of found ? keyTerms : []) {
              covered.add(term);
              share.set(term, Math.max(share.get(term) ?? 0, found));
            }
          }
          // Typos: a word the content does not know, matched fuzzily, still counts.
          for (const term of result.queryTerms) {
            if (!holding.has(term)) {
              covered.add(term);
              share.set(term, 1);
            }
          }
          for (const term of covered) if (!termWeights.has(term)) covered.delete(term);
          const coveredWeight = [...covered].reduce(
            (sum, term) => sum + (termWeights.get(term) ?? 0) * (share.get(term) ?? 0),
            0,
          );
          const coverage = totalWeight ? coveredWeight / totalWeight : Number(added.length > 0);
          return [{ passage, score: result.score * coverage, coverage, covered }];
        })
        // A passage that matches many of the question's words, and its rarest ones, answers it
        // better than one that repeats a single word.
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
      return { hits, questionTerms, termWeights };
    },
  };
}
