/**
 * A commerce service on a catalogue of a test's own. The service seeds its products at every
 * start from data/products.json beside its built code (commerce-service/src/modules/catalogue/
 * service.ts), so the built code is copied next to a changed copy of that file, with the real
 * service's dependencies linked in: the service runs as it always does and knows nothing of
 * tests.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProductSeed } from '@aba-shop/contract';
import { ROOT } from '../../scripts/lib/paths.mjs';

export type { ProductSeed };

const SERVICE = path.join(ROOT, 'commerce-service');

/** The shop's own catalogue, commerce-service/data/products.json. */
export function readSeededCatalogue(): ProductSeed[] {
  return JSON.parse(
    readFileSync(path.join(SERVICE, 'data/products.json'), 'utf8'),
  ) as ProductSeed[];
}

/**
 * Writes a copy of the built commerce service under `folder` that seeds `catalogue`, and
 * returns the path of its server.js.
 */
export function commerceServiceOnCatalogue(folder: string, catalogue: ProductSeed[]): string {
  const copy = path.join(folder, 'commerce-service');
  mkdirSync(copy, { recursive: true });
  for (const part of ['dist', 'data', 'package.json'])
    cpSync(path.join(SERVICE, part), path.join(copy, part), { recursive: true });
  writeFileSync(path.join(copy, 'data/products.json'), JSON.stringify(catalogue, null, 2));
  // Its own dependencies, then the workspace's, found as the real service finds them.
  symlinkSync(path.join(SERVICE, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return path.join(copy, 'dist/server.js');
}
