/**
 * The chat's retrieval index of the shop's published content, kept in the server's memory
 * (docs/product.md#chat-assistant): built when the server starts, rebuilt before the next
 * question once the CMS says it published (the webhook, app/api/revalidate), and rebuilt in the
 * background once it is older than the content cache, for a webhook that is lost or that
 * reached another replica. A build that cannot read every source keeps the last good index.
 */
import 'server-only';
import { getPublishedPosts } from '@/lib/cms/blog-posts';
import { getChapters } from '@/lib/cms/chapters';
import { getFaqItems } from '@/lib/cms/faq';
import { LEGAL_SLUGS, getLegalPage, type LegalPage } from '@/lib/cms/legal-pages';
import { getProducts } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';
import { passagesOf, type ShopContent } from '../engine/passages';
import { buildSearchIndex, type SearchIndex } from '../engine/search-index';
import { serverLog } from '@/lib/server-log';

export interface KnowledgeBuild {
  index: SearchIndex;
  /** False when a source could not be read: the next question tries again. */
  complete: boolean;
  passages: number;
  buildMs: number;
  /** The index as MiniSearch serialises it, in bytes: what it holds in memory, roughly. */
  indexBytes: number;
  /** The publishes it knows of: it was read after the CMS's webhooks up to this one. */
  generation: number;
  /** When it is rebuilt in the background, while it still answers (Date.now() time). */
  refreshAt: number;
}

interface KnowledgeState {
  current: KnowledgeBuild | null;
  building: Promise<KnowledgeBuild> | null;
  /** How many times the CMS's webhook said it published: an index older than that is stale. */
  generation: number;
}

// One state per server process, whichever of Next's bundles (a route, instrumentation) asks.
const STATE_KEY = Symbol.for('aba.chat.shop-knowledge');
const state = ((globalThis as { [STATE_KEY]?: KnowledgeState })[STATE_KEY] ??= {
  current: null,
  building: null,
  generation: 0,
});

/** An incomplete index is tried again after this long. */
const RETRY_INCOMPLETE_MS = 10_000;

async function readShopContent(log: typeof serverLog.error): Promise<{
  content: ShopContent;
  complete: boolean;
}> {
  let complete = true;
  const read = async <T>(what: string, load: () => Promise<T>, empty: T): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      complete = false;
      log(`Chat knowledge: ${what} could not be read (${(error as Error).message})`);
      return empty;
    }
  };
  const [home, contact, legal, chapters, posts, catalogue] = await Promise.all([
    read('the home FAQ', () => getFaqItems('home'), []),
    read('the contact FAQ', () => getFaqItems('contact'), []),
    read('the legal pages', () => Promise.all(LEGAL_SLUGS.map(getLegalPage)), []),
    read('the chapters', getChapters, []),
    read('the blog posts', getPublishedPosts, []),
    read('the catalogue', getProducts, null),
  ]);
  return {
    content: {
      faqItems: [...home, ...contact],
      legalPages: legal.filter((page): page is LegalPage => page !== null),
      chapters,
      posts,
      catalogue,
      downloadLinkTtlHours: storefrontConfig().DOWNLOAD_LINK_TTL_HOURS,
    },
    complete,
  };
}

function build(log: typeof serverLog.error): Promise<KnowledgeBuild> {
  state.building ??= (async () => {
    try {
      const generation = state.generation;
      const started = performance.now();
      const { content, complete } = await readShopContent(log);
      const readMs = performance.now() - started;
      const indexStarted = performance.now();
      const passages = passagesOf(content);
      const index = buildSearchIndex(passages);
      const refreshAt =
        Date.now() +
        (complete ? storefrontConfig().CMS_REVALIDATE_SECONDS * 1000 : RETRY_INCOMPLETE_MS);
      const next: KnowledgeBuild = {
        index,
        complete,
        passages: passages.length,
        buildMs: performance.now() - indexStarted,
        indexBytes: index.serializedBytes(),
        generation,
        refreshAt,
      };
      serverLog.info(
        `Chat knowledge: ${next.passages} passages indexed in ${next.buildMs.toFixed(0)} ms (${(next.indexBytes / 1024).toFixed(0)} KB) after ${readMs.toFixed(0)} ms reading the content${complete ? '' : ', some of it missing'}`,
      );
      // A partial read never replaces a complete index; the complete one answers on, and the
      // read is tried again soon.
      state.current =
        complete || !state.current?.complete
          ? next
          : { ...state.current, generation, refreshAt: Date.now() + RETRY_INCOMPLETE_MS };
      return state.current;
    } finally {
      state.building = null;
    }
  })();
  return state.building;
}

/** The index to answer from now; never fails (without any content, the replies say so). */
export async function shopKnowledge({ log = serverLog.error } = {}): Promise<SearchIndex> {
  try {
    // A build that began before the last publish read the old content: then one more.
    for (let round = 0; round < 2; round++) {
      if (state.current && state.current.generation >= state.generation) break;
      await build(log);
    }
  } catch (error) {
    log(`Chat knowledge: the index could not be built (${(error as Error).message})`);
  }
  const { current } = state;
  if (!current) return buildSearchIndex([]);
  if (Date.now() >= current.refreshAt) void build(log).catch(() => undefined);
  return current.index;
}

/** The CMS published a change: the next question is answered from a new index. */
export function markShopKnowledgeStale() {
  state.generation += 1;
}

/** How often, and how many times, a start that found the CMS not yet up tries again. */
const WARM_RETRY_MS = 5_000;
const WARM_ATTEMPTS = 24;

/**
 * Builds the index as the server starts, so the first question does not wait for it; the
 * services start together, so a source that is not up yet is tried again for two minutes.
 */
export function warmShopKnowledge({ log = serverLog.error, attempt = 1 } = {}): void {
  // The other services are often still starting: only the last attempt says what was missing.
  build(attempt < WARM_ATTEMPTS ? () => undefined : log)
    .then(({ complete }) => {
      if (complete || attempt >= WARM_ATTEMPTS || state.current?.complete) return;
      setTimeout(() => warmShopKnowledge({ log, attempt: attempt + 1 }), WARM_RETRY_MS).unref();
    })
    .catch((error: unknown) => {
      log(`Chat knowledge: the index could not be built (${(error as Error).message})`);
    });
}

/** The last build's figures (passages, time, size), for the logs and the benches. */
export const lastKnowledgeBuild = (): KnowledgeBuild | null => state.current;
