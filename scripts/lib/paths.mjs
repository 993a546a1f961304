import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data');

/** The shared packages and the services, bottom layer first (docs/adr/0024-packages-and-layers.md). */
export const PACKAGES = ['packages/contract', 'packages/service-kit', 'packages/test-kit'];
export const SERVICES = ['commerce-service', 'cms', 'storefront'];
