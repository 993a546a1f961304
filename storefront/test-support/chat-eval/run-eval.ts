/**
 * The chat assistant's evaluation (`npm run eval:chat`, docs/product.md#chat-assistant): the
 * questions of test-support/chat-eval/questions.json, asked of the chat service as the running
 * shop answers them, on the content the CMS and the commerce service publish at CMS_URL and
 * COMMERCE_URL (`npm start`'s, by default); without them, on the content a fresh shop seeds.
 * Without a model, unless `--model` asks the one CHAT_API_URL names. Prints each question that
 * failed and why, then "N of M"; the exit code is 1 below the target.
 *
 *   npm run eval:chat [-- --model] [-- --verbose]
 */
import { parseArgs } from 'node:util';
import { passagesOf } from '@/lib/chat/engine/passages';
import { buildSearchIndex } from '@/lib/chat/engine/search-index';
import { answerChat, collectAnswer, type ChatModelSettings } from '@/lib/chat/server/chat-service';
import { lastKnowledgeBuild, shopKnowledge } from '@/lib/chat/server/shop-knowledge';
import { storefrontConfig } from '@/lib/config';
import { seededShopContent } from '@/test-support/chat-eval/seed-content';
import {
  EVAL_TARGET,
  evaluateChat,
  passedShare,
  readEvalQuestions,
} from '@/test-support/chat-eval/evaluate';

const { values: options } = parseArgs({
  options: {
    model: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function main() {
  const config = storefrontConfig();
  const quiet = () => undefined;
  let index = await shopKnowledge({ log: quiet });
  const build = lastKnowledgeBuild();
  if (build?.complete) {
    console.log(
      `Content: the shop's, from the CMS at ${config.CMS_URL} and the commerce service at ${config.COMMERCE_URL}: ${build.passages} passages, indexed in ${build.buildMs.toFixed(0)} ms (${(build.indexBytes / 1024).toFixed(0)} KB).`,
    );
  } else {
    const started = performance.now();
    index = buildSearchIndex(passagesOf(seededShopContent()));
    console.log(
      `Content: the seed files (the CMS at ${config.CMS_URL} or the commerce service did not answer; start the shop with npm start to evaluate its own content): ${index.passages.length} passages, indexed in ${(performance.now() - started).toFixed(0)} ms.`,
    );
  }
  const settings: ChatModelSettings = options.model ? config : { CHAT_MODEL: config.CHAT_MODEL };
  if (options.model && !config.CHAT_API_URL) throw new Error('--model needs CHAT_API_URL');
  console.log(options.model ? `Model: ${config.CHAT_MODEL}` : 'Model: none (the content answers)');

  const questions = readEvalQuestions();
  const timings: number[] = [];
  const results = await evaluateChat(async ({ question, history = [] }) => {
    const started = performance.now();
    const answer = await collectAnswer(
      answerChat({ message: question, history }, index, settings, { log: quiet }),
    );
    timings.push(performance.now() - started);
    return answer;
  }, questions);

  for (const { question, answer, failures } of results) {
    if (!failures.length) continue;
    console.log(`✗ ${question.id}: ${question.question}\n    ${failures.join('; ')}`);
    if (options.verbose) console.log(`    answered: ${answer.reply.replace(/\s+/g, ' ')}`);
  }
  const passed = results.filter(({ failures }) => !failures.length).length;
  const byTopic = new Map<string, [number, number]>();
  for (const { question, failures } of results) {
    const [ok, all] = byTopic.get(question.topic) ?? [0, 0];
    byTopic.set(question.topic, [ok + Number(!failures.length), all + 1]);
  }
  console.log(
    `By topic: ${[...byTopic].map(([topic, [ok, all]]) => `${topic} ${ok}/${all}`).join(', ')}`,
  );
  timings.sort((a, b) => a - b);
  console.log(
    `Answer time: median ${percentile(timings, 0.5).toFixed(1)} ms, p99 ${percentile(timings, 0.99).toFixed(1)} ms`,
  );
  const share = passedShare(results);
  console.log(
    `${passed} of ${results.length} answered with the right facts and a source (${(100 * share).toFixed(1)} %; target ${100 * EVAL_TARGET} %)`,
  );
  process.exitCode = share >= EVAL_TARGET ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
