/**
 * The chat assistant's evaluation (docs/product.md#chat-assistant): questions a parent or a
 * buyer types, each with the facts its answer must carry, asked of any answering function.
 * `npm run eval:chat` runs it on a shop's content; a storefront test holds it to the target.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatSource, ChatTurn } from '@/lib/chat/protocol';

export interface EvalQuestion {
  id: string;
  topic: string;
  question: string;
  history?: ChatTurn[];
  /** Every entry must be in the answer: any one of its alternatives, in any case. */
  facts: string[][];
  /** A page the answer's sources must include. */
  source?: string;
  /** Patterns (case-insensitive) the answer must not match: invented prices, a diagnosis. */
  mustNot?: string[];
}

export interface EvalAnswer {
  reply: string;
  sources: readonly ChatSource[];
}

export interface EvalResult {
  question: EvalQuestion;
  answer: EvalAnswer;
  /** Empty when the answer passed. */
  failures: string[];
}

/** The share of the questions the assistant must answer right without a model. */
export const EVAL_TARGET = 0.9;

export function readEvalQuestions(): EvalQuestion[] {
  const file = path.resolve(__dirname, 'questions.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: EvalQuestion[] }).questions;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');

/** A page as the question names it: its path, without the part after '#'. */
const pageOf = (url: string) => new URL(url, 'http://shop.test').pathname;

export function judgeAnswer(question: EvalQuestion, answer: EvalAnswer): string[] {
  const reply = normalise(answer.reply);
  const failures: string[] = [];
  for (const alternatives of question.facts) {
    if (!alternatives.some((fact) => reply.includes(normalise(fact)))) {
      failures.push(`lacks ${alternatives.map((fact) => `"${fact}"`).join(' or ')}`);
    }
  }
  for (const pattern of question.mustNot ?? []) {
    if (new RegExp(pattern, 'i').test(answer.reply)) failures.push(`matches /${pattern}/`);
  }
  if (!answer.sources.length) failures.push('cites no source');
  if (
    question.source &&
    !answer.sources.some(({ url }) => pageOf(url) === pageOf(question.source ?? ''))
  ) {
    failures.push(`does not cite ${question.source}`);
  }
  return failures;
}

export async function evaluateChat(
  answer: (question: EvalQuestion) => Promise<EvalAnswer>,
  questions: readonly EvalQuestion[] = readEvalQuestions(),
): Promise<EvalResult[]> {
  const results: EvalResult[] = [];
  for (const question of questions) {
    const given = await answer(question);
    results.push({ question, answer: given, failures: judgeAnswer(question, given) });
  }
  return results;
}

export function passedShare(results: readonly EvalResult[]): number {
  return results.filter(({ failures }) => !failures.length).length / results.length;
}
