/**
 * The plain text of the sanitised HTML the CMS client returns (lib/cms/rich-text.ts), in
 * sections by heading and paragraphs, for the chat's retrieval. The input is always that
 * sanitiser's output, so a few patterns read it; no visitor's HTML ever comes here.
 */

export interface TextSection {
  /** The `<h2>`/`<h3>` above the section, or null for the text before the first heading. */
  heading: string | null;
  paragraphs: string[];
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** One line of text: tags gone, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .trim();
}

/** Paragraphs, list items and table rows each become one paragraph. */
function paragraphsOf(html: string): string[] {
  return html
    .split(/<\/(?:p|li|tr|blockquote|pre|h4)>|<br\s*\/?>|<hr\s*\/?>/i)
    .map(plainText)
    .filter(Boolean);
}

export function htmlSections(html: string): TextSection[] {
  const sections: TextSection[] = [];
  const parts = html.split(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/i);
  // split() with a capture group alternates: text, heading, text, heading, text...
  const [lead = '', ...rest] = parts;
  const leadParagraphs = paragraphsOf(lead);
  if (leadParagraphs.length) sections.push({ heading: null, paragraphs: leadParagraphs });
  for (let i = 0; i < rest.length; i += 2) {
    const heading = plainText(rest[i] ?? '');
    const paragraphs = paragraphsOf(rest[i + 1] ?? '');
    if (heading || paragraphs.length) sections.push({ heading: heading || null, paragraphs });
  }
  return sections;
}
