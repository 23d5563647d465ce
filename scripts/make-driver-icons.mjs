// Renders the driver app's install icons (192 and 512 px PNG) from public/icons/driver-icon.svg.
// Run after changing the SVG: node scripts/make-driver-icons.mjs
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const icons = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const svg = await readFile(path.join(icons, 'driver-icon.svg'));
for (const size of [192, 512]) {
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png()
    .toFile(path.join(icons, `driver-${size}.png`));
  console.log(`public/icons/driver-${size}.png`);
}
