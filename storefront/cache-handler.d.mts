/**
 * What the tests see of cache-handler.mjs, which Next.js loads as plain JavaScript at run time.
 * Its methods are those of Next's file-system cache, declared here as loosely as the tests use
 * them.
 */
export declare const UNAVAILABLE_MARKER: string;

export declare function isStorablePage(value: { kind: string; [field: string]: unknown }): boolean;

export default class ShopCacheHandler {
  constructor(context: {
    fs: unknown;
    flushToDisk: boolean;
    serverDistDir: string;
    maxMemoryCacheSize: number;
    revalidatedTags: string[];
  });
  get(key: string, context: { kind: string; tags?: string[] }): Promise<{ value: unknown } | null>;
  set(key: string, data: unknown, context: Record<string, unknown>): Promise<void>;
}
