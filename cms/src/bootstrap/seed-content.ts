/**
 * Loads the data files in cms/data into Strapi. Each entry has a stable `key`; the keys
 * already applied are remembered in Strapi's store, so a restart neither duplicates an
 * entry nor brings back one a marketer edited or deleted.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Core, UID } from '@strapi/strapi';
import { cmsEnv } from '../env';
import {
  seedFiles,
  type MediaSeed,
  type MemberFileSeed,
  type SeedEntry,
  type SeedFile,
} from './seed-files';

const STORE = { type: 'core', name: 'shop-seed' } as const;

const MIME_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
};

export async function seedContent(strapi: Core.Strapi) {
  const store = strapi.store(STORE);
  const applied = new Set(((await store.get({ key: 'applied' })) as string[] | null) ?? []);
  const dataDir = path.join(strapi.dirs.app.root, 'data');

  const production = cmsEnv().NODE_ENV === 'production';
  for (const { file, uid, schema, mediaFields, developmentOnly, create } of seedFiles) {
    if (developmentOnly && production) continue;
    const entries = schema.parse(JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')));
    for (const entry of entries) {
      const seedKey = `${uid}:${entry.key}`;
      if (applied.has(seedKey)) continue;
      await createEntry(strapi, uid, entry, { mediaFields, dataDir, create });
      applied.add(seedKey);
      await store.set({ key: 'applied', value: [...applied] });
    }
  }
}

async function createEntry(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  entry: SeedEntry,
  { mediaFields, dataDir, create }: Pick<SeedFile, 'mediaFields' | 'create'> & { dataDir: string },
) {
  const { key: _key, status, createdAt, ...fields } = entry;
  const data: Record<string, unknown> = { ...fields };
  for (const field of mediaFields) {
    const media = data[field] as SeededFile | SeededFile[] | undefined;
    if (Array.isArray(media)) {
      const ids: number[] = [];
      for (const one of media) ids.push(await uploadFile(strapi, dataDir, one));
      data[field] = ids;
    } else if (media) {
      data[field] = await uploadFile(strapi, dataDir, media);
    }
  }
  const document = create
    ? await create(strapi, data)
    : await strapi.documents(uid).create({
        data: data as never,
        ...(status === 'published' ? { status: 'published' as const } : {}),
      });
  if (create && status === 'published') {
    await strapi.documents(uid).publish({ documentId: document.documentId });
  }
  if (createdAt) {
    // Seeded articles keep the dates they were written on, which the blog shows.
    await strapi.db.query(uid).updateMany({
      where: { documentId: document.documentId },
      data: { createdAt: new Date(createdAt) },
    });
  }
}

type SeededFile = MediaSeed | MemberFileSeed;

/** Puts a shipped image or file into the media library and returns its id. */
async function uploadFile(
  strapi: Core.Strapi,
  dataDir: string,
  media: SeededFile,
): Promise<number> {
  const filepath = path.join(dataDir, media.file);
  const extension = path.extname(filepath);
  const [uploaded] = await strapi
    .plugin('upload')
    .service('upload')
    .upload({
      data: {
        fileInfo:
          'alt' in media
            ? { name: path.basename(filepath), alternativeText: media.alt, caption: null }
            : { name: `${media.name}${extension}`, alternativeText: null, caption: null },
      },
      files: {
        filepath,
        originalFilename: path.basename(filepath),
        mimetype: MIME_TYPES[extension] ?? 'application/octet-stream',
        size: statSync(filepath).size,
      },
    });
  return uploaded.id;
}
