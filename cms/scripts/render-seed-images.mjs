// Renders every SVG seed illustration under cms/data/images/ to a WebP file beside it.
// Usage (from the repository root): node cms/scripts/render-seed-images.mjs
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const imagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data/images');

async function findSvgFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return findSvgFiles(full);
      return entry.isFile() && entry.name.toLowerCase().endsWith('.svg') ? [full] : [];
    }),
  );
  return nested.flat().sort();
}

const svgFiles = await findSvgFiles(imagesDir);
if (svgFiles.length === 0) {
  console.error(`No SVG files found under ${imagesDir}`);
  process.exit(1);
}

for (const svgFile of svgFiles) {
  const svg = await readFile(svgFile, 'utf8');
  const webpFile = svgFile.replace(/\.svg$/i, '.webp');
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  await writeFile(webpFile, webp);
  const { size } = await stat(webpFile);
  const { width, height } = await sharp(webp).metadata();
  console.log(
    `${path.relative(process.cwd(), webpFile)}  ${width}x${height}  ${(size / 1024).toFixed(1)} KB`,
  );
}
