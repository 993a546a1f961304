/**
 * The member resources' files are for members only (docs/product.md#member-resources): the
 * uploads middleware answers them to the commerce service alone, which sends MEMBER_CONTENT_SECRET.
 * Their addresses are kept in memory, read at start and again after every write to a member
 * resource, its drafts included, so that a file is private from the moment it is attached.
 */
import path from 'node:path';
import type { Core } from '@strapi/strapi';

export const MEMBER_RESOURCE = 'api::member-resource.member-resource';

/** A media file as the database holds it: its address, and those of any resized copies. */
export interface MediaFile {
  url?: string | null;
  formats?: Record<string, { url?: string | null } | null> | null;
}

interface ResourceFiles {
  worksheets?: MediaFile[] | null;
  recording?: MediaFile | null;
}

let memberFilePaths = new Set<string>();

/**
 * A request's path as the static file server reads it: decoded, with `.` and `..` segments and
 * doubled slashes folded, so `//uploads/x.pdf` or `/%75ploads/x.pdf` is `/uploads/x.pdf`. Null
 * when it cannot be decoded, which the server refuses anyway.
 */
export function servedPath(requestPath: string): string | null {
  try {
    return path.posix.normalize(decodeURIComponent(requestPath));
  } catch {
    return null;
  }
}

/** Every address at which a resource's files are served. */
export function filePathsOf(resource: ResourceFiles): string[] {
  const files = [
    ...(resource.worksheets ?? []),
    ...(resource.recording ? [resource.recording] : []),
  ];
  return files
    .flatMap((file) => [
      file.url,
      ...Object.values(file.formats ?? {}).map((format) => format?.url),
    ])
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/'))
    .flatMap((url) => servedPath(url) ?? []);
}

/** Reads the files of every member resource, draft or published, into the guarded set. */
export async function refreshMemberFilePaths(strapi: Core.Strapi): Promise<void> {
  const resources = (await strapi.db.query(MEMBER_RESOURCE).findMany({
    select: ['id'],
    populate: { worksheets: true, recording: true },
  })) as ResourceFiles[];
  memberFilePaths = new Set(resources.flatMap(filePathsOf));
}

/** Whether a request's path names a member resource's file (however it is spelled). */
export function isMemberFile(requestPath: string): boolean {
  const served = servedPath(requestPath);
  return served !== null && memberFilePaths.has(served);
}
