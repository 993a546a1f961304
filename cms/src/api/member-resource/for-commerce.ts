/**
 * What the commerce service reads of the published member resources
 * (docs/product.md#member-resources): each resource's text, its questions, and its files with
 * the address, type and exact size to fetch them by.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

export interface UploadedFile {
  id: number;
  name: string;
  caption?: string | null;
  url: string;
  mime: string;
  /** Strapi keeps the size in kilobytes, rounded. */
  size: number;
  hash: string;
  updatedAt: string;
}

export interface PublishedResource {
  documentId: string;
  title: string;
  month: string;
  description: string;
  transcript?: string | null;
  publishedAt: string;
  questions?: { title: string; start: string }[] | null;
  worksheets?: UploadedFile[] | null;
  recording?: UploadedFile | null;
}

export interface ResourceFileForCommerce {
  id: string;
  kind: 'pdf' | 'audio';
  name: string;
  url: string;
  mime: string;
  size: number;
  /** Changes when the file is replaced, so that the commerce service fetches it again. */
  version: string;
  /** When the file last changed: the commerce service stamps its copies anew after it. */
  updatedAt: string;
}

export interface ResourceForCommerce {
  id: string;
  title: string;
  month: string;
  description: string;
  transcript: string | null;
  publishedAt: string;
  questions: { title: string; start: string }[];
  files: ResourceFileForCommerce[];
}

/** The file's exact size on the local disk, else Strapi's kilobytes. */
function bytesOf(file: UploadedFile, publicDir: string): number {
  const stats = file.url.startsWith('/uploads/')
    ? statSync(path.join(publicDir, file.url), { throwIfNoEntry: false })
    : undefined;
  return stats?.size ?? Math.round(file.size * 1024);
}

function fileForCommerce(
  file: UploadedFile,
  kind: 'pdf' | 'audio',
  publicDir: string,
): ResourceFileForCommerce {
  return {
    id: String(file.id),
    kind,
    // A caption, when the editor wrote one, names it better than the uploaded file's name.
    name: file.caption?.trim() || file.name.replace(/\.[^.]+$/, ''),
    url: file.url,
    mime: file.mime,
    size: bytesOf(file, publicDir),
    version: `${file.hash}-${Date.parse(file.updatedAt) || 0}`,
    updatedAt: file.updatedAt,
  };
}

export function resourceForCommerce(
  resource: PublishedResource,
  publicDir: string,
): ResourceForCommerce {
  return {
    id: resource.documentId,
    title: resource.title,
    month: resource.month,
    description: resource.description,
    transcript: resource.transcript?.trim() || null,
    publishedAt: resource.publishedAt,
    questions: (resource.questions ?? []).map(({ title, start }) => ({ title, start })),
    files: [
      ...(resource.worksheets ?? []).map((file) => fileForCommerce(file, 'pdf', publicDir)),
      ...(resource.recording ? [fileForCommerce(resource.recording, 'audio', publicDir)] : []),
    ],
  };
}
