/**
 * The retrieval index over the shop's passages: MiniSearch's ranked full-text search (BM25+),
 * with English stemming and stop words and a typo forgiven in longer words
 * (docs/adr/0020-chat-answers-from-shop-content.md). A parent's words are first widened with
 * the shop's own vocabulary, so "return" finds the refund policy and "tantrum" the chapter on
 * challenging behaviour.
 */
import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { Passage } from './passages';

export interface PassageHit {
  passage: Passage;
  score: number;
  /**
   * The share of the question's own words that this passage holds, directly, by vocabulary or
   * with a typo: how far it answers the question rather than merely matching it.
   */
  coverage: number;
  /** Those words. */
  covered: ReadonlySet<string>;
}

export interface SearchResult {
  hits: PassageHit[];
  /** The question's own words, stemmed, without stop words and without numbers. */
  questionTerms: string[];
}

export interface SearchIndex {
  search(question: string, limit?: number): SearchResult;
  /** A text's words as the index knows them: stemmed, without stop words. */
  terms(text: string): string[];
  readonly passages: readonly Passage[];
}

/**
 * Words a parent types and the words the shop's content uses for the same thing. When a
 * question holds a key (a whole word or phrase), its words join the search.
 */
const VOCABULARY: readonly (readonly [RegExp, string])[] = [
  [/\b(?:returns?|money back|refund\w*|cancel my order|reimburs\w*)\b/i, 'refund sales final'],
  [/\b(?:save|saving|savings|discount|deal|bundle|both books|both ebooks|cheaper)\b/i, 'pack saving less'],
  [/\b(?:costs?|prices?|how much|pay|paying|expensive|cheap|dollars?)\b/i, 'price prices'],
  [/\b(?:listen\w*|audio|audiobook|car|drive|driving)\b/i, 'mp3 audiobook listen'],
  [/\b(?:read|kindle|ipad|tablet|phone|laptop|computer|device|print\w*|paper)\b/i, 'pdf read print'],
  [/\b(?:tantrum\w*|meltdown\w*|scream\w*|hitting|hits|biting|bites|kick\w*|aggress\w*|outburst\w*|throws?)\b/i, 'challenging behaviour meltdowns'],
  [/\b(?:bed|bedtime|sleep\w*|night\w*)\b/i, 'routine bedtime'],
  [/\b(?:mornings?|getting dressed|school run|leave the house|leaving|transitions?)\b/i, 'routines transitions visual schedules'],
  [/\b(?:talk\w*|speech|speak\w*|words?|non ?verbal|language|ask for)\b/i, 'communication requests words'],
  [/\b(?:brothers?|sisters?|siblings?|other kids|other children)\b/i, 'siblings'],
  [/\b(?:what age|which age|how old|ages?|teen\w*|adolescen\w*|toddler\w*|too (?:old|young)|older (?:kids|children)|goes? older)\b/i, 'ages age suit'],
  [/\b(?:how long|how soon|when will|results?|difference|progress|works?)\b/i, 'results weeks notice'],
  [/\b(?:therap\w*|bcba|professionals?|clinicians?|doctors?)\b/i, 'professional therapy'],
  [/\b(?:share|sharing|copy|copies|forward|lend|friend|teacher|class)\b/i, 'licence personal share copy'],
  [/\b(?:data|privacy|private|personal information|cookies?|gdpr|delete my)\b/i, 'privacy information data'],
  [/\b(?:links?|download\w*|expired?|broken|lost|resend|didn'?t get|never got|haven'?t got)\b/i, 'download links e-mail me my links'],
  [/\b(?:account|log ?in|sign ?in|password|register)\b/i, 'sign in account'],
  [/\b(?:subscri\w*|membership|monthly|member)\b/i, 'membership monthly'],
  [/\b(?:chapters?|inside|covers?|topics|contents)\b/i, 'chapter'],
];

/**
 * A child's age given in passing ("my 4 year old"): it widens the search to the ages the
 * books suit only when the question names nothing else the vocabulary knows.
 */
const AGE_IN_PASSING = /\b\d{1,2}\s?(?:yo|y\/o|yrs?|years?)\b/i;
const AGE_WORDS = 'ages age suit';

const STOP_WORDS = new Set(eng);
/**
 * The way people type to a chat ("honestly i just dont…"), and the words about who is asking
 * rather than what: never searched for, and left out of how much of a question a passage covers.
 */
const CHAT_WORDS = new Set(
  [
    ...['dont', 'cant', 'wont', 'isnt', 'doesnt', 'didnt', 'im', 'ive', 'id', 'u', 'ur', 'pls', 'plz', 'thx'],
    ...['just', 'really', 'honestly', 'actually', 'actual', 'still', 'even', 'like', 'ok', 'okay', 'anyone', 'anything', 'something', 'every', 'thing', 'things', 'time', 'lot', 'get', 'got', 'go', 'make', 'way', 'want', 'need', 'know', 'tell', 'help', 'please', 'would', 'could', 'maybe', 'yes', 'hi', 'hello', 'thanks'],
    ...['child', 'children', 'kid', 'kids', 'son', 'daughter', 'boy', 'girl', 'year', 'years', 'old', 'yo', 'yr', 'yrs', 'ebook', 'ebooks', 'book', 'books', 'guide', 'guides'],
  ].map((word) => stemmer(word)),
);

/** Lower case, no stop word, stemmed; the same for the passages and the questions. */
function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/^'+|'+$/g, '');
  if (!word || STOP_WORDS.has(word)) return null;
  return stemmer(word);
}

/** A question's words as searched: the chat's own words dropped as well. */
function processQueryTerm(term: string): string | null {
  const processed = processTerm(term);
  return processed && !CHAT_WORDS.has(processed) ? processed : null;
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}']+/u);

function termsOf(text: string): string[] {
  return tokenize(text).flatMap((token) => processTerm(token) ?? []);
}

/** The question's words with what the vocabulary adds, each added word tied to its key's words. */
function widen(question: string) {
  const added: { words: string[]; keyTerms: string[] }[] = [];
  for (const [pattern, words] of VOCABULARY) {
    const found = pattern.exec(question);
    if (found) added.push({ words: termsOf(words), keyTerms: termsOf(found[0]) });
  }
  const age = AGE_IN_PASSING.exec(question);
  if (age && !added.length) added.push({ words: termsOf(AGE_WORDS), keyTerms: [] });
  return {
    query: [question, ...added.map(({ words }) => words.join(' '))].join(' '),
    added,
  };
}

interface IndexedPassage {
  id: string;
  title: string;
  text: string;
  keywords: string;
}

export function buildSearchIndex(passages: readonly Passage[]): SearchIndex {
  const index = new MiniSearch<IndexedPassage>({
    fields: ['title', 'text', 'keywords'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 1.5 },
      // One typo forgiven in a word of five letters or more; short words must be right, or
      // "age" would find "page" and "car" "care".
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      prefix: false,
      combineWith: 'OR',
      processTerm: processQueryTerm,
    },
  });
  index.addAll(
    passages.map(({ id, title, text, keywords = '' }) => ({ id, title, text, keywords })),
  );
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const vocabularyOf = new Map(
    passages.map((passage) => [
      passage.id,
      new Set(termsOf(`${passage.title} ${passage.text} ${passage.keywords ?? ''}`)),
    ]),
  );

  return {
    passages,
    terms: termsOf,
    search(question, limit = 5) {
      const { query, added } = widen(question);
      const questionTerms = [
        ...new Set(tokenize(question).flatMap((token) => processQueryTerm(token) ?? [])),
      ].filter((term) => !/^\d+$/.test(term));
      const hits = index
        .search(query)
        .slice(0, limit)
        .flatMap((result) => {
          const passage = byId.get(String(result.id));
          const known = vocabularyOf.get(String(result.id));
          if (!passage || !known) return [];
          const covered = new Set(questionTerms.filter((term) => known.has(term)));
          // A key of the vocabulary counts as found when the passage holds what it adds.
          for (const { words, keyTerms } of added) {
            if (words.some((word) => known.has(word))) keyTerms.forEach((term) => covered.add(term));
          }
          // Typos: a word the passage matched only fuzzily still counts.
          for (const term of result.queryTerms) if (questionTerms.includes(term)) covered.add(term);
          for (const term of covered) if (!questionTerms.includes(term)) covered.delete(term);
          const coverage = questionTerms.length
            ? covered.size / questionTerms.length
            : Number(added.length > 0);
          return [{ passage, score: result.score, coverage, covered }];
        });
      return { hits, questionTerms };
    },
  };
}
