/** The chat's index of the content a fresh shop publishes, built once per test file. */
import { passagesOf, type ShopContent } from '@/lib/chat/engine/passages';
import { buildSearchIndex, type SearchIndex } from '@/lib/chat/engine/search-index';
import { seededShopContent } from './chat-eval/seed-content';

let seeded: SearchIndex | undefined;

export function seededKnowledge(): SearchIndex {
  seeded ??= buildSearchIndex(passagesOf(seededShopContent()));
  return seeded;
}

/** An index of the seeded content as a marketer changed it. */
export function knowledgeOf(change: (content: ShopContent) => ShopContent): SearchIndex {
  return buildSearchIndex(passagesOf(change(seededShopContent())));
}
