#!/usr/bin/env node
// Writes a raster copy beside each picture the customer pages show from an SVG source: WebP for the
// placeholder pictures in public/images (the cuisine pictures and the logo placeholder), PNG for the
// site's icon (public/icons/favicon.svg). Pages use the raster copies: a browser decodes a raster
// image off the main thread, while it builds each SVG image as a document of its own on it
// (docs/decisions/0186-landing-pages-main-thread.md says what that cost a landing page).
//
//   node scripts/raster-placeholders.mjs
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');
const sources = [
  path.join(IMAGES, 'logo-placeholder.svg'),
  ...readdirSync(path.join(IMAGES, 'cuisines'))
    .filter((f) => f.endsWith('.svg'))
    .map((f) => path.join(IMAGES, 'cuisines', f)),
];
for (const svg of sources) {
  const out = svg.replace(/\.svg$/, '.webp');
  // Rendered at the SVG's own size (800x500 pictures, a 200x200 logo): cards show the pictures at
  // up to about 670 device pixels wide on a phone.
  const info = await sharp(svg).webp({ quality: 82, effort: 6 }).toFile(out);
  console.log(`${path.relative(IMAGES, out)}: ${info.width}x${info.height}, ${info.size} bytes`);
}
const icon = path.join(IMAGES, '..', 'icons', 'favicon.svg');
const iconInfo = await sharp(icon, { density: 192 })
  .resize(64, 64)
  .png({ compressionLevel: 9, palette: true })
  .toFile(icon.replace(/\.svg$/, '-64.png'));
console.log(`icons/favicon-64.png: ${iconInfo.width}x${iconInfo.height}, ${iconInfo.size} bytes`);
