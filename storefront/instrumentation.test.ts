/**
 * @jest-environment node
 */
import ShopCacheHandler from './cache-handler.mjs';
import { warmShopKnowledge } from './lib/chat/server/shop-knowledge';
import { register } from './instrumentation';

jest.mock('./lib/chat/server/shop-knowledge', () => ({ warmShopKnowledge: jest.fn() }));

const hook = Symbol.for('@next/cache-handlers');
const global = globalThis as typeof globalThis & { [hook]?: Record<string, unknown> };

describe('register', () => {
  const runtime = process.env.NEXT_RUNTIME;
  afterEach(() => {
    process.env.NEXT_RUNTIME = runtime;
    global[hook] = undefined;
  });

  it("hands the shop's page cache to Next.js, keeping the handlers already there", async () => {
    const useCacheHandler = { get: jest.fn() };
    global[hook] = { DefaultCache: useCacheHandler };
    process.env.NEXT_RUNTIME = 'nodejs';
    await register();
    expect(global[hook]).toEqual({ DefaultCache: useCacheHandler, FetchCache: ShopCacheHandler });
  });

  it("starts building the chat's index of the shop's content", async () => {
    process.env.NEXT_RUNTIME = 'nodejs';
    jest.mocked(warmShopKnowledge).mockClear();
    await register();
    expect(warmShopKnowledge).toHaveBeenCalledTimes(1);
  });

  it('leaves the edge runtime alone', async () => {
    process.env.NEXT_RUNTIME = 'edge';
    jest.mocked(warmShopKnowledge).mockClear();
    await register();
    expect(global[hook]).toBeUndefined();
    expect(warmShopKnowledge).not.toHaveBeenCalled();
  });
});
