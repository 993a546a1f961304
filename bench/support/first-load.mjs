/** A page's first-load JavaScript as the benches count it. */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * The gzip size of every script a modern browser loads from the page's HTML, and whether any
 * of them holds a text (a library's mark, to tell whether it is in the first load). `cookie` asks
 * as a signed-in visitor (a page drawn on the server for its administrator, like `/admin`).
 */
export async function firstLoadJavaScript(pageUrl, { cookie } = {}) {
  const html = await (await fetch(pageUrl, cookie ? { headers: { cookie } } : {})).text();
  const sources = new Set(
    [...html.matchAll(/<script([^>]*)>/g)]
      // Modern browsers skip noModule scripts (the legacy polyfills).
      .filter(([, attributes]) => !/\bnoModule\b/i.test(attributes))
      .map(([, attributes]) => /\bsrc="([^"]+)"/.exec(attributes)?.[1])
      .filter(Boolean),
  );
  let total = 0;
  const bodies = [];
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, pageUrl))).arrayBuffer());
    bodies.push(body.toString('utf8'));
    total += (await gzipAsync(body, { level: 9 })).length;
  }
  return {
    kilobytes: total / 1024,
    files: sources.size,
    holds: (word) => bodies.some((body) => body.includes(word)),
  };
}
