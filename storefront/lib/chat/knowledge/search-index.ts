/**
 * The retrieval index over the shop's passages: MiniSearch's ranked full-text search (BM25+),
 * with English stemming and stop words and a typo forgiven in longer words
 * (docs/adr/0020-chat-answers-from-shop-content.md). A parent's words are first widened with
 * the shop's own vocabulary (./vocabulary.ts), so "return" finds the refund policy and
 * "tantrum" the chapter on challenging behaviour.
 */
import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { Passage, PassageKind } from './passages';
import { AGE_IN_PASSING, AGE_WORDS, INTENTS, VOCABULARY } from './vocabulary';

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

const STOP_WORDS = new Set(eng);
/**
 * The way people type to a chat ("honestly i just dont…"), and the words about who is asking
 * rather than what: never searched for, and left out of how much of a question a passage covers.
 */
const CHAT_WORDS = new Set(
  [
    ...[
      'dont',
      'cant',
      'wont',
      'isnt',
      'doesnt',
      'didnt',
      'im',
      'ive',
      'id',
      'u',
      'ur',
      'pls',
      'plz',
      'thx',
      'tbh',
      'idk',
      'btw',
      'lol',
      'hey',
    ],
    ...[
      'hes',
      'shes',
      'its',
      'thats',
      'whats',
      'theres',
      'theyre',
      'youre',
      'ill',
      'isnt',
      'arent',
      'wasnt',
      'werent',
      'wouldnt',
      'couldnt',
      'shouldnt',
      'havent',
      'hasnt',
      'lets',
    ],
    ...[
      'will',
      'shall',
      'may',
      'might',
      'must',
      'should',
      'can',
      'not',
      'no',
      'does',
      'so',
      'also',
      'ever',
      'much',
      'bit',
      'kind',
      'sort',
      'anyway',
      'though',
    ],
    ...[
      'just',
      'really',
      'honestly',
      'actually',
      'actual',
      'still',
      'even',
      'like',
      'ok',
      'okay',
      'anyone',
      'anything',
      'something',
      'every',
      'thing',
      'things',
      'stuff',
      'time',
      'lot',
      'get',
      'got',
      'go',
      'make',
      'way',
      'want',
      'need',
      'know',
      'tell',
      'help',
      'please',
      'would',
      'could',
      'maybe',
      'yes',
      'hi',
      'hello',
      'thanks',
      'able',
      'sure',
      'say',
    ],
    ...[
      'dad',
      'mum',
      'mom',
      'mommy',
      'mummy',
      'daddy',
      'mother',
      'father',
      'mama',
      'papa',
      'me',
      'myself',
    ],
    ...['year', 'years', 'old', 'yo', 'yr', 'yrs', 'today', 'tomorrow', 'yesterday', 'tonight'],
  ].map((word) => stemmer(word)),
);
/**
 * Who a question is about, and what: "my son", "the book". Nearly every passage is about a
 * child and the books, so these only tip the balance between passages that match alike, and
 * are left out of how much of a question a passage covers.
 */
const SUBJECT_WORDS = new Set(
  [
    'child',
    'children',
    'kid',
    'kids',
    'son',
    'sons',
    'daughter',
    'daughters',
    'boy',
    'girl',
    'ebook',
    'ebooks',
    'book',
    'books',
    'guide',
    'guides',
  ].map((word) => stemmer(word)),
);
const SUBJECT_WORD_BOOST = 0.3;
/** "My sister", "my friend": someone the parent names, no topic (but "his sister" is one). */
const MY_PEOPLE =
  /\bmy (?:sisters?|brothers?|friends?|mum|mom|mother|dad|father|husband|wife|partner|neighbou?rs?|cousins?|niece|nephew|aunt|uncle)\b/gi;

/** Stop words by their letters, to know "teh" and "adn" for the stop words they are. */
const STOP_WORD_LETTERS = new Set(
  eng.filter((word) => word.length >= 3).map((word) => [...word].sort().join('')),
);

/** A child's age or a count ("15yo", "2", "3rd"): no topic. */
const NUMBER_LIKE = /^\d+(?:yo|y\/o|yrs?|years?|mo|months?|st|nd|rd|th)?$/;

/** What a question's word weighs in the search against what the vocabulary adds for it. */
const QUESTION_WORD_BOOST = 1;
/** A question's word the vocabulary explained: its meaning is in the words it added. */
const EXPLAINED_WORD_BOOST = 0.2;
/** The words one vocabulary entry adds weigh this much together: about one word's worth. */
const VOCABULARY_ENTRY_BOOST = 1.6;
/** What a permission question asks to do ("can I *print* it?") is its topic. */
const ACTION_WORD_BOOST = 1.5;
const ACTION =
  /\b(?:(?:can|could|may) (?:i|we|you)|(?:ok|okay|allowed|alright|fine|possible) to) (?:just |still |also |even |please )?([\p{L}']+)/giu;

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

/**
 * Lower case, no stop word, stemmed; the same for the passages and the questions. Apostrophes
 * go, as a chat often types without them: "don't" is "dont", "family's" is "familys".
 */
function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/['\u2019]/g, '');
  if (!word || STOP_WORDS.has(word)) return null;
  return stemmer(word);
}

/** A question's words as searched: the chat's own words dropped as well ("doing" too). */
function processQueryTerm(term: string): string | null {
  const processed = processTerm(term);
  return processed &&
    !CHAT_WORDS.has(processed) &&
    !SUBJECT_WORDS.has(processed) &&
    !STOP_WORDS.has(processed)
    ? processed
    : null;
}

/** Words; "e-mail" is one, as a parent types it "email". */
const tokenize = (text: string) =>
  text.replace(/\be-mail/gi, 'email').split(/[^\p{L}\p{N}'\u2019]+/u);

function termsOf(text: string): string[] {
  return tokenize(text).flatMap((token) => processTerm(token) ?? []);
}

export interface Widened {
  /** The words searched, each once by its stem, with their weight. */
  words: Map<string, { raw: string; boost: number }>;
  /** What each vocabulary key that the question holds adds (stems), with the key's own words. */
  added: { words: string[]; keyTerms: string[] }[];
  /** The kinds of passage the question asks for ("is that in the book?": a chapter). */
  kinds: ReadonlySet<PassageKind>;
  /** The people the parent names ("my sister"): searched a little, but no topic. */
  people: ReadonlySet<string>;
}

/** How a vocabulary key without a word of its own stands among the question's words. */
const INTENT_TERM = '~';

/** The vocabulary's keys, each found wherever it occurs in a question. */
const VOCABULARY_EVERYWHERE = VOCABULARY.map(
  ([pattern, words]) => [new RegExp(pattern.source, `${pattern.flags}g`), words] as const,
);

/** The question's words with what the vocabulary adds, each added word tied to its key's words. */
export function widen(question: string): Widened {
  const entries: { raw: string[]; keyTerms: string[] }[] = [];
  for (const [pattern, words] of VOCABULARY_EVERYWHERE) {
    const found = [...question.matchAll(pattern)].map(([key]) => key);
    if (!found.length) continue;
    const keyTerms = termsOf(found.join(' ')).filter(
      (term) => !CHAT_WORDS.has(term) && !SUBJECT_WORDS.has(term),
    );
    // A key of stop words alone ("what now?") still asks for something: it stands as one word.
    entries.push({
      raw: tokenize(words),
      keyTerms: keyTerms.length ? keyTerms : [`${INTENT_TERM}${words}`],
    });
  }
  if (AGE_IN_PASSING.test(question) && !entries.length) {
    entries.push({ raw: tokenize(AGE_WORDS), keyTerms: [] });
  }
  const explained = new Set(entries.flatMap(({ keyTerms }) => keyTerms));
  const words: Widened['words'] = new Map();
  const add = (raw: string, term: string | null, boost: number) => {
    if (!term || NUMBER_LIKE.test(term)) return;
    const known = words.get(term);
    if (!known || known.boost < boost) words.set(term, { raw, boost });
  };
  const people = new Set([...question.matchAll(MY_PEOPLE)].flatMap(([found]) => termsOf(found)));
  const actions = new Set(
    [...question.matchAll(ACTION)].flatMap(([, action]) => processQueryTerm(action ?? '') ?? []),
  );
  for (const raw of tokenize(question)) {
    const subject = processTerm(raw);
    if (subject && (SUBJECT_WORDS.has(subject) || people.has(subject))) {
      add(raw, subject, SUBJECT_WORD_BOOST);
      continue;
    }
    const term = processQueryTerm(raw);
    const boost =
      term && actions.has(term)
        ? QUESTION_WORD_BOOST * ACTION_WORD_BOOST
        : term && explained.has(term)
          ? EXPLAINED_WORD_BOOST
          : QUESTION_WORD_BOOST;
    add(raw, term, boost);
  }
  const added = entries.map(({ raw, keyTerms }) => {
    const stems = new Map(
      raw.flatMap((word) => {
        // The vocabulary's words are searched even where the question's would not be ("child").
        const term = processTerm(word);
        return term ? [[term, word] as const] : [];
      }),
    );
    const action = keyTerms.some((term) => actions.has(term)) ? ACTION_WORD_BOOST : 1;
    const boost = (VOCABULARY_ENTRY_BOOST * action) / stems.size;
    for (const [term, word] of stems) add(word, term, boost);
    return { words: [...stems.keys()], keyTerms };
  });
  const kinds = new Set(
    INTENTS.filter(([pattern]) => pattern.test(question)).map(([, kind]) => kind),
  );
  return { words, added, kinds, people };
}

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
        (holding.has(term) || !STOP_WORD_LETTERS.has([...term].sort().join(''))),
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
