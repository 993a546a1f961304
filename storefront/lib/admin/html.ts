/**
 * HTML written on the server without React (the admin overview, docs/adr/
 * 0038-overview-drawn-on-the-server.md; Next does not let a route handler use react-dom/server):
 * a template tag that escapes every value put into it, unless the value is markup this tag made
 * or markup another library made and escaped itself (`trusted`).
 */
import { escapeHtml } from '@aba-shop/service-kit/html-escape';

/** Markup that is safe to put into a page as it is. */
export class Html {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

/** Nothing for null, undefined and false; lists one after the other; text escaped. */
function written(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(written).join('');
  return escapeHtml(String(value));
}

/**
 * A template's own text, as written: a line break with the indentation around it is the source's
 * layout (the formatter's), not content. Beside a tag or a value it writes nothing; between two
 * words, one space. A space on one line is kept.
 */
const LAYOUT = /[ \t]*\n\s*/g;
const laidOut = new WeakMap<TemplateStringsArray, string[]>();

function withoutLayout(strings: TemplateStringsArray): string[] {
  let parts = laidOut.get(strings);
  if (!parts) {
    parts = strings.map((part) =>
      part.replace(LAYOUT, (run: string, offset: number) => {
        const end = offset + run.length;
        // At either end of a part the neighbour is a value or the template's own edge.
        const besideTag =
          offset === 0 || end === part.length || part[offset - 1] === '>' || part[end] === '<';
        return besideTag ? '' : ' ';
      }),
    );
    laidOut.set(strings, parts);
  }
  return parts;
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  return new Html(
    withoutLayout(strings).reduce(
      (markup, part, index) => markup + written(values[index - 1]) + part,
    ),
  );
}

/** Markup a library made and escaped itself (ECharts' SVG), to be written as it is. */
export const trusted = (markup: string) => new Html(markup);
