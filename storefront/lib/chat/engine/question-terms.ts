/**
 * A question's words as the search index reads them (search-index.ts): lower case, stemmed,
 * without stop words or the way people type to a chat, and widened with the shop's vocabulary
 * (vocabulary.ts), so "return" finds the refund policy and "tantrum" the chapter on challenging
 * behaviour. The word lists are data beside it (word-lists.ts); the reasons are in
 * docs/adr/0020-chat-answers-from-shop-content.md.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { PassageKind } from './passage';
import { AGE_IN_PASSING, AGE_WORDS, INTENTS, VOCABULARY } from './vocabulary';
import {
  CHAT_WORDS as CHAT_WORD_LINES,
  MY_PEOPLE,
  SUBJECT_WORDS as SUBJECT_WORD_LINES,
} from './word-lists';

const STOP_WORDS = new Set(eng);
/** A list's words, stemmed. */
const stemmedSet = (lines: readonly string[]) =>
  new Set(lines.flatMap((line) => line.split(' ')).map((word) => stemmer(word)));
/** Never searched for, and left out of how much of a question a passage covers. */
const CHAT_WORDS = stemmedSet(CHAT_WORD_LINES);
/** Only tip the balance between passages that match alike. */
const SUBJECT_WORDS = stemmedSet(SUBJECT_WORD_LINES);
const SUBJECT_WORD_BOOST = 0.3;

/** Stop words by their letters, to know "teh" and "adn" for the stop words they are. */
const STOP_WORD_LETTERS = new Set(
  eng.filter((word) => word.length >= 3).map((word) => [...word].sort().join('')),
);
/** Whether a word is a stop word typed with its letters swapped ("teh"). */
export const isTypedStopWord = (term: string) => STOP_WORD_LETTERS.has([...term].sort().join(''));

/** A child's age or a count ("15yo", "2", "3rd"): no topic. */
export const NUMBER_LIKE = /^\d+(?:yo|y\/o|yrs?|years?|mo|months?|st|nd|rd|th)?$/;

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
 * Lower case, no stop word, stemmed; the same for the passages and the questions. Apostrophes
 * go, as a chat often types without them: "don't" is "dont", "family's" is "familys".
 */
export function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/['\u2019]/g, '');
  if (!word || STOP_WORDS.has(word)) return null;
  return stemmer(word);
}

/** A question's words as searched: the chat's own words dropped as well ("doing" too). */
export function processQueryTerm(term: string): string | null {
  const processed = processTerm(term);
  return processed &&
    !CHAT_WORDS.has(processed) &&
    !SUBJECT_WORDS.has(processed) &&
    !STOP_WORDS.has(processed)
    ? processed
    : null;
}

/** Words; "e-mail" is one, as a parent types it "email". */
export const tokenize = (text: string) =>
  text.replace(/\be-mail/gi, 'email').split(/[^\p{L}\p{N}'\u2019]+/u);

export function termsOf(text: string): string[] {
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
export const INTENT_TERM = '~';

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
