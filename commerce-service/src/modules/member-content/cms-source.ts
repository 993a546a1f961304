/**
 * The member resources as the CMS publishes them (docs/product.md#member-resources), read with
 * MEMBER_CONTENT_SECRET from its one route for this service: kept for a minute, read again at
 * once after the CMS's signal, and the last list read kept while the CMS cannot be reached. Their
 * files are fetched from the CMS with the same secret.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { UnavailableError } from '../../domain-errors.ts';

/** The header the CMS reads MEMBER_CONTENT_SECRET from. */
export const MEMBER_CONTENT_SECRET_HEADER = 'x-member-content-secret';

/** How long the list read from the CMS is used before it is read again. */
export const MEMBER_RESOURCES_FRESH_MS = 60_000;
const LIST_TIMEOUT_MS = 10_000;
/** An hour's recording over a slow link. */
const FILE_TIMEOUT_MS = 15 * 60_000;

const id = z.string().regex(/^[\w-]{1,64}$/);

const cmsFileSchema = z.object({
  id,
  kind: z.enum(['pdf', 'audio']),
  name: z.string().min(1),
  url: z.string().min(1),
  mime: z.string().min(1),
  size: z.number().int().min(0),
  version: z.string().min(1),
  updatedAt: z.string(),
});

const cmsResourceSchema = z.object({
  id,
  title: z.string(),
  month: z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/),
  description: z.string(),
  transcript: z.string().nullable(),
  publishedAt: z.string(),
  questions: z.array(z.object({ title: z.string(), start: z.string() })),
  files: z.array(cmsFileSchema),
});

export type CmsResourceFile = z.infer<typeof cmsFileSchema>;
export type CmsResource = z.infer<typeof cmsResourceSchema>;

export interface MemberContentSource {
  /** The published resources; throws UnavailableError when the CMS has never answered. */
  list(): Promise<CmsResource[]>;
  /** Reads the list again on the next call (the CMS said something changed). */
  forget(): void;
  /** Writes a resource's file, fetched from the CMS, whole at `path`. */
  download(file: CmsResourceFile, path: string): Promise<void>;
}

const CANNOT_READ = 'Member resources cannot be read right now. Please try again in a moment.';

export function createMemberContentSource(
  config: Pick<Config, 'CMS_URL' | 'MEMBER_CONTENT_SECRET'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): MemberContentSource {
  const secret = config.MEMBER_CONTENT_SECRET;
  const cmsOrigin = new URL(config.CMS_URL).origin;
  let kept: { resources: CmsResource[]; readAt: number } | null = null;
  let reading: Promise<CmsResource[]> | null = null;
  let stale = false;

  async function read(): Promise<CmsResource[]> {
    const response = await fetch(new URL('/api/member-resources/for-commerce', config.CMS_URL), {
      headers: { [MEMBER_CONTENT_SECRET_HEADER]: secret ?? '' },
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the CMS answered ${response.status}`);
    const body = z.object({ resources: z.array(z.unknown()) }).parse(await response.json());
    // One resource the CMS describes oddly is left out; the others are still delivered.
    return body.resources.flatMap((resource) => {
      const parsed = cmsResourceSchema.safeParse(resource);
      if (parsed.success) return [parsed.data];
      log.warn({ issues: parsed.error.issues }, 'a member resource from the CMS was left out');
      return [];
    });
  }

  return {
    async list() {
      if (!secret) return [];
      if (kept && !stale && Date.now() - kept.readAt < MEMBER_RESOURCES_FRESH_MS) {
        return kept.resources;
      }
      reading ??= read()
        .then((resources) => {
          kept = { resources, readAt: Date.now() };
          stale = false;
          return resources;
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'the member resources could not be read from the CMS');
          if (kept) return kept.resources;
          throw new UnavailableError(CANNOT_READ);
        })
        .finally(() => (reading = null));
      return reading;
    },

    forget() {
      stale = true;
    },

    async download(file, path) {
      const url = new URL(file.url, config.CMS_URL);
      // The secret goes to the CMS alone, never to another host a file's address names.
      const headers: Record<string, string> =
        url.origin === cmsOrigin && secret ? { [MEMBER_CONTENT_SECRET_HEADER]: secret } : {};
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
      if (!response.ok || !response.body) {
        throw new Error(`the CMS answered ${response.status} for a member resource's file`);
      }
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(path),
      );
    },
  };
}
