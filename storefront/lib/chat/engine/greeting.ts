/**
 * The chat's one greeting rule, for both kinds of reply it gives without a model: a message
 * that holds a greeting is greeted by the browser's canned replies (../client/canned-replies.ts),
 * and one that is nothing but a greeting or thanks is answered without a search
 * (retrieval-reply.ts). Pure and without imports, so that the browser can take it too
 * (docs/product.md#chat-assistant).
 */

/** The words that greet; a space stands for any run of spaces or hyphens. */
const GREETINGS = [
  'hi',
  'hello',
  'hey',
  'hiya',
  'howdy',
  'greetings',
  'good morning',
  'good afternoon',
  'good evening',
];

/** Thanks, and the nods a chat ends a topic with. */
const THANKS = /thanks?(?: you)?(?: so much| a lot)?|thank you(?: so much| very much)?|cheers/;
const NOD = /ok(?:ay)?/;

const GREETING = `(?:${GREETINGS.map((words) => words.replace(/ /g, '[\\s-]+')).join('|')})`;
const GREETING_WORD = new RegExp(`\\b${GREETING}\\b`, 'i');
const ONLY_GREETING = new RegExp(
  `^(?:${GREETING}|${THANKS.source}|${NOD.source})(?:\\s+(?:there|everyone|all))?[\\s!.,?]*$`,
  'i',
);
const OPENS_WITH_THANKS = new RegExp(`^(?:${THANKS.source})`, 'i');

/** Whether the message greets anywhere, as a whole word: "Hi, what does it cost?" does. */
export function holdsGreeting(message: string): boolean {
  return GREETING_WORD.test(message);
}

/**
 * What a message says when it says nothing but hello or thank you ("hello there!", "thanks so
 * much"); null when it asks anything.
 */
export function greetingOnly(message: string): 'greeting' | 'thanks' | null {
  const text = message.trim();
  if (!ONLY_GREETING.test(text)) return null;
  return OPENS_WITH_THANKS.test(text) ? 'thanks' : 'greeting';
}
