/**
 * Refuses request text that holds a NUL character (U+0000). PostgreSQL cannot store one in a
 * text column, so such a value used to fail deep inside a handler, as a 500, after any
 * earlier writes of the same request. No field of the shop needs it: it is refused up front,
 * with a 400 that says where it was.
 */
import fp from 'fastify-plugin';
import { failureTexts } from '../failure-texts.ts';

/** Whether a string anywhere in `value` (keys included) holds a NUL character. */
export function holdsNulCharacter(value: unknown): boolean {
  // A loop, not recursion: a parsed JSON body may nest thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

export const nulCharactersPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const part = PARTS.find(([key]) => holdsNulCharacter(request[key]));
    if (part) {
      const text = failureTexts(request).nulCharacters(part[1]);
      throw Object.assign(new Error(text), { statusCode: 400 });
    }
  });
});
