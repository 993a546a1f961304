/**
 * The plain text of the sanitised HTML the CMS client returns (lib/cms/rich-text.ts), in
 * sections by heading and blocks (paragraphs and lists), for the chat's retrieval. The input is
 * always that sanitiser's output, so a few patterns read it; no visitor's HTML ever comes here.
 */

/** A paragraph, or a list with its items: a list is cut into passages differently. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export interface TextSection {
  /** The `<h2>`/`<h3>` above the section, or null for the text before the first heading. */
  heading: string | null;
  /** Every paragraph, list item and table row as one line. */
  paragraphs: string[];
  /** The same text as the section lays it out. */
  blocks: TextBlock[];
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

/** A section's HTML as paragraphs and top-level lists, in order. */
function blocksOf(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  // split() with a capture group alternates: text between lists, list tag, list body...
  const parts = html.split(/<(ul|ol)\b[^>]*>([\s\S]*?)<\/\1>/i);
  for (let i = 0; i < parts.length; i += 3) {
    for (const text of paragraphsOf(parts[i] ?? '')) blocks.push({ kind: 'paragraph', text });
    const items = paragraphsOf(parts[i + 2] ?? '');
    if (items.length) blocks.push({ kind: 'list', items });
  }
  return blocks;
}

function sectionOf(heading: string | null, html: string): TextSection {
  const blocks = blocksOf(html);
  const paragraphs = blocks.flatMap((block) =>
    block.kind === 'list' ? block.items : [block.text],
  );
  return { heading, paragraphs, blocks };
}

export function htmlSections(html: string): TextSection[] {
  const sections: TextSection[] = [];
  const parts = html.split(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/i);
  // split() with a capture group alternates: text, heading, text, heading, text...
  const [lead = '', ...rest] = parts;
  const leadSection = sectionOf(null, lead);
  if (leadSection.blocks.length) sections.push(leadSection);
  for (let i = 0; i < rest.length; i += 2) {
    const section = sectionOf(plainText(rest[i] ?? '') || null, rest[i + 1] ?? '');
    if (section.heading || section.blocks.length) sections.push(section);
  }
  return sections;
}
