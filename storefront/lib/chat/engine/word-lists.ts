/**
 * Word lists the search index reads a question with, data only: question-terms.ts stems them.
 * The vocabulary that widens a question is beside them (vocabulary.ts); why the chat searches
 * this way: docs/adr/0020-chat-answers-from-shop-content.md.
 */

/**
 * The way people type to a chat ("honestly i just dont…"), and the words about who is asking
 * rather than what: never searched for, and left out of how much of a question a passage covers.
 * Each line a group of words, separated by spaces.
 */
export const CHAT_WORDS = [
  // Shorthand and contractions typed without their apostrophe.
  'dont cant wont isnt doesnt didnt im ive id u ur pls plz thx tbh idk btw lol hey',
  'hes shes its thats whats theres theyre youre ill isnt arent wasnt werent wouldnt couldnt',
  'shouldnt havent hasnt lets',
  // Words that carry the asking, not the topic.
  'will shall may might must should can not no does so also ever much bit kind sort anyway though',
  'just really honestly actually actual still even like ok okay anyone anything something every',
  'thing things stuff time lot get got go make way want need know tell help please would could',
  'maybe yes hi hello thanks able sure say',
  // The parent who asks.
  'dad mum mom mommy mummy daddy mother father mama papa me myself',
  // Ages and days.
  'year years old yo yr yrs today tomorrow yesterday tonight',
] as const;

/**
 * Who a question is about, and what: "my son", "the book". Nearly every passage is about a
 * child and the books, so these only tip the balance between passages that match alike, and
 * are left out of how much of a question a passage covers.
 */
export const SUBJECT_WORDS = [
  'child children kid kids son sons daughter daughters boy girl',
  'ebook ebooks book books guide guides',
] as const;

/** "My sister", "my friend": someone the parent names, no topic (but "his sister" is one). */
export const MY_PEOPLE =
  /\bmy (?:sisters?|brothers?|friends?|mum|mom|mother|dad|father|husband|wife|partner|neighbou?rs?|cousins?|niece|nephew|aunt|uncle)\b/gi;
