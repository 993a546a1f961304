/** @jest-environment node */
import { seededShopContent } from '@/test-support/chat-eval/seed-content';
import { EVAL_TARGET, evaluateChat, passedShare } from '@/test-support/chat-eval/evaluate';
import { passagesOf } from './passages';
import { buildSearchIndex } from './search-index';
import { retrievalReply } from './retrieval-reply';

describe('the chat evaluation without a model', () => {
  it('answers at least the target share of the questions from the seeded content', async () => {
    const index = buildSearchIndex(passagesOf(seededShopContent()));
    const results = await evaluateChat(async ({ question, history }) =>
      retrievalReply(question, history ?? [], index),
    );
    const failed = results
      .filter(({ failures }) => failures.length)
      .map(({ question, failures }) => `${question.id}: ${failures.join('; ')}`);
    // Below the target, the failures say which questions and why.
    expect(passedShare(results) >= EVAL_TARGET ? [] : failed).toEqual([]);
  });
});
