/**
 * @jest-environment node
 */
import ShopCacheHandler from './cache-handler.mjs';
import { register } from './instrumentation';

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

  it('leaves the edge runtime alone', async () => {
    process.env.NEXT_RUNTIME = 'edge';
    await register();
    expect(global[hook]).toBeUndefined();
  });
});
