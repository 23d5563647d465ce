// Makes the demo dish photos under src/server/db/seed/assets/dishes/ (docs/product/customer.md#demo-data):
// drawn, not photographed, so they can be committed and reproduced. Run: node scripts/make-demo-dish-photos.mjs
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const OUT = new URL('../src/server/db/seed/assets/dishes/', import.meta.url);
mkdirSync(OUT, { recursive: true });

// Each dish: the table colour, the plate, and the food as pieces of colour in a layout.
const DISHES = {
  'seekh-kebab': { table: '#6b4a2f', food: 'skewers', colours: ['#8a3b1c', '#a44a22', '#7a3318'], garnish: '#4f8a2b' },
  'lamb-shish': { table: '#5a3d26', food: 'skewers', colours: ['#7d3a1e', '#9a5127', '#6e2f16'], garnish: '#c9302c' },
  'chicken-biryani': { table: '#704d2c', food: 'rice', colours: ['#e8b64a', '#f2d27a', '#d98f2b'], garnish: '#3f7d2a' },
  'lamb-biryani': { table: '#3f2b1d', food: 'rice', colours: ['#d9a03a', '#eec66a', '#b9702a'], garnish: '#6b2e17' },
  hummus: { table: '#8b6a4a', food: 'bowl', colours: ['#e9d3a6', '#d8bb84', '#c9302c'], garnish: '#6b8e23' },
  fattoush: { table: '#6f5538', food: 'salad', colours: ['#5c9e31', '#d7372f', '#e7c07a'], garnish: '#88b04b' },
  'vegetable-samosas': {
    table: '#5e4027',
    food: 'triangles',
    colours: ['#d99a3a', '#c6832a', '#e6b25a'],
    garnish: '#3f7d2a',
  },
  falafel: { table: '#7a5a3a', food: 'balls', colours: ['#8a5a24', '#a06a2c', '#74481b'], garnish: '#e9d3a6' },
  'chicken-tikka': { table: '#4b3322', food: 'pieces', colours: ['#d2542a', '#e06a33', '#b8431f'], garnish: '#4f8a2b' },
  'chicken-satay': {
    table: '#6a4b30',
    food: 'skewers',
    colours: ['#c98a3a', '#b97a2e', '#d9a05a'],
    garnish: '#8a5a24',
  },
};

function rng(seed) {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function food(d, r) {
  const pick = () => d.colours[Math.floor(r() * d.colours.length)];
  const out = [];
  if (d.food === 'skewers') {
    for (let k = 0; k < 3; k++) {
      const y = 250 + k * 55;
      out.push(`<line x1="170" y1="${y - 20}" x2="650" y2="${y + 20}" stroke="#c8b79a" stroke-width="5"/>`);
      out.push(
        `<rect x="220" y="${y - 22}" width="360" height="44" rx="22" fill="${pick()}" transform="rotate(4 400 ${y})"/>`,
      );
      for (let j = 0; j < 8; j++)
        out.push(
          `<ellipse cx="${240 + j * 45}" cy="${y - 6 + j * 1.5}" rx="16" ry="8" fill="#5a2410" opacity="0.45"/>`,
        );
    }
  } else if (d.food === 'rice' || d.food === 'bowl') {
    out.push(`<ellipse cx="400" cy="300" rx="200" ry="140" fill="${d.colours[1]}"/>`);
    for (let j = 0; j < (d.food === 'rice' ? 380 : 60); j++) {
      const a = r() * Math.PI * 2,
        rad = Math.sqrt(r());
      const x = 400 + Math.cos(a) * rad * 185,
        y = 300 + Math.sin(a) * rad * 125;
      out.push(
        d.food === 'rice'
          ? `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="7" ry="2.6" fill="${pick()}" transform="rotate(${Math.floor(r() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
          : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(2 + r() * 5).toFixed(1)}" fill="${j % 6 === 0 ? d.colours[2] : d.colours[0]}" opacity="0.8"/>`,
      );
    }
    if (d.food === 'bowl') out.push('<ellipse cx="400" cy="300" rx="70" ry="40" fill="#c9a227" opacity="0.55"/>');
  } else {
    const n = d.food === 'salad' ? 70 : d.food === 'balls' ? 9 : 7;
    for (let j = 0; j < n; j++) {
      const a = r() * Math.PI * 2,
        rad = Math.sqrt(r()) * 0.85;
      const x = 400 + Math.cos(a) * rad * 180,
        y = 300 + Math.sin(a) * rad * 120;
      if (d.food === 'salad')
        out.push(
          `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(14 + r() * 16).toFixed(1)}" ry="${(8 + r() * 8).toFixed(1)}" fill="${pick()}" transform="rotate(${Math.floor(r() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
      else if (d.food === 'balls')
        out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="34" fill="url(#ball)"/>`);
      else if (d.food === 'triangles')
        out.push(
          `<polygon points="${x - 50},${y + 30} ${x + 50},${y + 30} ${x},${y - 50}" fill="${pick()}" stroke="#a86b1e" stroke-width="4" transform="rotate(${Math.floor(r() * 60 - 30)} ${x} ${y})"/>`,
        );
      else
        out.push(
          `<rect x="${(x - 32).toFixed(1)}" y="${(y - 26).toFixed(1)}" width="64" height="52" rx="16" fill="${pick()}" transform="rotate(${Math.floor(r() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
    }
  }
  for (let j = 0; j < 14; j++) {
    const x = 260 + r() * 280,
      y = 200 + r() * 200;
    out.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="6" ry="3" fill="${d.garnish}" transform="rotate(${Math.floor(r() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  return out.join('');
}

for (const [name, d] of Object.entries(DISHES)) {
  const r = rng(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs>
    <radialGradient id="light" cx="35%" cy="25%" r="90%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/></radialGradient>
    <radialGradient id="plate" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.8" stop-color="#eeeae4"/><stop offset="1" stop-color="#cfc8bd"/></radialGradient>
    <radialGradient id="ball" cx="40%" cy="35%" r="65%"><stop offset="0" stop-color="${d.colours[1]}"/><stop offset="1" stop-color="${d.colours[2]}"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter>
    <filter id="shadow"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="800" height="600" fill="${d.table}"/>
  ${Array.from({ length: 9 }, (_, k) => `<rect x="0" y="${k * 68}" width="800" height="3" fill="#000" opacity="0.12"/>`).join('')}
  <ellipse cx="415" cy="325" rx="300" ry="215" fill="#000" opacity="0.35" filter="url(#shadow)"/>
  <ellipse cx="400" cy="300" rx="290" ry="205" fill="url(#plate)"/>
  <ellipse cx="400" cy="300" rx="235" ry="165" fill="#f6f3ee" stroke="#e2ddd4" stroke-width="3"/>
  <g filter="url(#soft)">${food(d, r)}</g>
  <rect width="800" height="600" fill="url(#light)"/>
</svg>`;
  await sharp(Buffer.from(svg))
    .resize(640, 480)
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(new URL(`${name}.jpg`, OUT).pathname);
}
console.log('wrote', Object.keys(DISHES).length, 'photos');
