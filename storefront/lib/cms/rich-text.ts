/**
 * Turns a marketer's rich text (Markdown, which may contain HTML) into HTML that is safe to
 * put in a page: only formatting tags survive, links keep safe schemes, and scripts, event
 * handlers, styles and frames are removed.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['scope'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A top-level heading belongs to the page; in an article body it becomes a section heading.
    h1: 'h2',
    // Only the shop decides how a link opens: external ones in a new tab, without opener.
    a: (tagName, { href, title }) => {
      const attribs: Record<string, string> = href ? { href } : {};
      if (title) attribs.title = title;
      if (/^https?:\/\//i.test(href ?? ''))
        Object.assign(attribs, { rel: 'noopener noreferrer', target: '_blank' });
      return { tagName, attribs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.alt,
};

export function renderRichText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), SANITIZE_OPTIONS).trim();
}
