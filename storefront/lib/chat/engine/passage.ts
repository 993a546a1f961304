/**
 * A passage: the unit of the shop's content that the chat searches and quotes, each small enough
 * to quote and with the page a visitor reads it on. passages.ts cuts the content into them;
 * docs/adr/0020-chat-answers-from-shop-content.md says why.
 */

export type PassageKind = 'faq' | 'legal' | 'chapter' | 'blog' | 'product' | 'shop-help';

export interface Passage {
  id: string;
  kind: PassageKind;
  /** What it is about: the FAQ's question, the section's heading, the chapter's title. */
  title: string;
  /** The words a reply may quote, paragraphs separated by new lines. */
  text: string;
  /** Words a parent may use for it that neither title nor text contains. */
  keywords?: string;
  /** Where the visitor reads it on the site. */
  url: string;
  /** The name of that page, as a reply's "From …" line and a source link say it. */
  sourceTitle: string;
}

/** How many words the text holds, counted between whitespace. */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
