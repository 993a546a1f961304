/**
 * `tsx src/dev/write-sample-assets.ts <folder>`: writes the missing sample eBook files into
 * the folder. The launcher runs it before the service on the embedded defaults.
 */
import { ensureSampleAssets } from './sample-assets.ts';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: tsx src/dev/write-sample-assets.ts <assets folder>');
  process.exit(2);
}
ensureSampleAssets(folder);
