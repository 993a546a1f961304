/**
 * A stand-in for `fetch` that answers as the CMS (Strapi's REST API), the chat model (an
 * OpenAI-compatible endpoint) and the commerce service's catalogue would, or fails as they
 * can: an error status, a body that is not JSON or not of the expected shape, a refused
 * connection, a timeout. Each test run says how they behave; every call is recorded, and a
 * call to any other address fails the run.
 */
import { completionStream } from './fake-chat-model.ts';

export const UPSTREAM_BEHAVIOURS = [
  'ok',
  'error status',
  'not json',
  'wrong shape',
  'unreachable',
  'timeout',
] as const;
export type UpstreamBehaviour = (typeof UPSTREAM_BEHAVIOURS)[number];

/** A blog post as Strapi's REST API returns it. */
export type StrapiPost = Record<string, unknown> & { slug: unknown };

export interface UpstreamScript {
  cms: UpstreamBehaviour;
  /** The published posts the CMS holds in this run. */
  posts: StrapiPost[];
  model: UpstreamBehaviour;
  /** What the model replies, when it answers. */
  reply: string;
  /** How the commerce service answers for its catalogue (the seeded one, when it does). */
  commerce: UpstreamBehaviour;
  errorStatus: number;
}

export interface UpstreamCall {
  to: 'cms' | 'model' | 'commerce';
  url: URL;
  body: unknown;
}

export interface FakeUpstreams {
  fetch: typeof fetch;
  /** Calls since the last `play`. */
  calls: UpstreamCall[];
  /** Calls since the last `play` to an address none of the upstreams has. */
  strayCalls: string[];
  play(script: UpstreamScript): void;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function fail(behaviour: UpstreamBehaviour, status: number, good: () => Response): Response {
  switch (behaviour) {
    case 'ok':
      return good();
    case 'error status':
      return json({ error: { status, name: 'Error', message: 'Upstream failure' } }, status);
    case 'not json':
      return new Response('<html>Bad gateway</html>', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    case 'wrong shape':
      return json({ data: { unexpected: true }, choices: 'none' });
    case 'unreachable':
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    case 'timeout':
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  }
}

/** Strapi's answer to a collection query: the posts its `filters[slug][$eq]` selects. */
function strapiCollection(url: URL, posts: StrapiPost[]): Response {
  const slug = url.searchParams.get('filters[slug][$eq]');
  const data = slug === null ? posts : posts.filter((post) => post.slug === slug);
  return json({ data, meta: { pagination: { page: 1, pageSize: 100, total: data.length } } });
}

/** The three services' addresses, and the catalogue the commerce service answers with. */
export function createFakeUpstreams(
  cmsUrl: string,
  modelUrl: string,
  commerceUrl: string,
  products: unknown,
): FakeUpstreams {
  const cms = new URL(cmsUrl).origin;
  const model = new URL(modelUrl);
  const catalogue = new URL('/api/products', commerceUrl);
  let script: UpstreamScript | undefined;
  const upstreams: FakeUpstreams = {
    calls: [],
    strayCalls: [],
    play(next) {
      script = next;
      upstreams.calls = [];
      upstreams.strayCalls = [];
    },
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!script) throw new Error('No upstream script for this run');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const { posts, errorStatus } = script;
      if (url.origin === cms && url.pathname === '/api/blog-posts') {
        upstreams.calls.push({ to: 'cms', url, body });
        return fail(script.cms, errorStatus, () => strapiCollection(url, posts));
      }
      if (url.href === model.href) {
        upstreams.calls.push({ to: 'model', url, body });
        const reply = script.reply;
        // Asked to stream (as the AI SDK asks), it streams; else one JSON body.
        const streamed = (body as { stream?: unknown } | undefined)?.stream === true;
        return fail(script.model, errorStatus, () =>
          streamed
            ? new Response(completionStream(reply), {
                headers: { 'content-type': 'text/event-stream' },
              })
            : json({
                id: 'chatcmpl-fuzz',
                object: 'chat.completion',
                choices: [{ index: 0, message: { role: 'assistant', content: reply } }],
              }),
        );
      }
      if (url.href === catalogue.href) {
        upstreams.calls.push({ to: 'commerce', url, body });
        return fail(script.commerce, errorStatus, () => json(products));
      }
      upstreams.strayCalls.push(url.href);
      throw new TypeError('fetch failed');
    },
  };
  return upstreams;
}
