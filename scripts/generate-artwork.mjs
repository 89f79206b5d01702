#!/usr/bin/env node
/**
 * Rasterises the site's original placeholder artwork (SVG drawn here) into public/images.
 * Run: `node scripts/generate-artwork.mjs`. Each output can be replaced by a real photograph of
 * the same size and name (see public/images/README.md); this script is then no longer needed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { accent, grey, ink, logoSvg } from './generate-logo.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'public', 'images');

const paper = '#faf8f5';
const stone = '#e9e3d9';
const serif = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";
const sans = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

/** A 3:4 abstract facade: stone bays, tall windows, balconies and the light of late afternoon. */
function heroSvg(width = 1200, height = 1600) {
  const bays = 4;
  const bayWidth = width / bays;
  const floors = [
    { top: 260, height: 250 },
    { top: 560, height: 230 },
    { top: 840, height: 230 },
    { top: 1120, height: 210 },
  ];
  let windows = '';
  for (let bay = 0; bay < bays; bay += 1) {
    const x = bay * bayWidth + bayWidth * 0.26;
    const w = bayWidth * 0.48;
    for (const [index, floor] of floors.entries()) {
      windows += `<rect x="${x}" y="${floor.top}" width="${w}" height="${floor.height}" fill="url(#glass)"/>`;
      windows += `<line x1="${x + w / 2}" y1="${floor.top}" x2="${x + w / 2}" y2="${floor.top + floor.height}" stroke="${stone}" stroke-width="6"/>`;
      windows += `<line x1="${x}" y1="${floor.top + floor.height * 0.38}" x2="${x + w}" y2="${floor.top + floor.height * 0.38}" stroke="${stone}" stroke-width="5"/>`;
      if (index === 0 || index === 2) {
        windows += `<rect x="${x - 18}" y="${floor.top + floor.height}" width="${w + 36}" height="14" fill="${ink}" opacity="0.85"/>`;
        for (let rail = 0; rail < 9; rail += 1) {
          const rx = x - 12 + ((w + 24) / 8) * rail;
          windows += `<line x1="${rx}" y1="${floor.top + floor.height - 46}" x2="${rx}" y2="${floor.top + floor.height}" stroke="${ink}" stroke-width="3" opacity="0.7"/>`;
        }
        windows += `<line x1="${x - 12}" y1="${floor.top + floor.height - 46}" x2="${x + w + 12}" y2="${floor.top + floor.height - 46}" stroke="${ink}" stroke-width="4" opacity="0.8"/>`;
      }
    }
    windows += `<rect x="${bay * bayWidth}" y="160" width="10" height="${height}" fill="#cfc6b8"/>`;
  }
  let courses = '';
  for (let y = 180; y < height; y += 38) {
    courses += `<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#d8d0c3" stroke-width="2"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c9d3da"/><stop offset="1" stop-color="#eef0ee"/>
    </linearGradient>
    <linearGradient id="facade" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#efe8dc"/><stop offset="1" stop-color="#d9cfbf"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b4552"/><stop offset="0.55" stop-color="#5d6b79"/><stop offset="1" stop-color="#2a3039"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${ink}" stop-opacity="0"/><stop offset="1" stop-color="${ink}" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <polygon points="0,170 ${width * 0.18},60 ${width * 0.82},60 ${width},170" fill="#8b949c"/>
  <rect x="0" y="150" width="${width}" height="${height}" fill="url(#facade)"/>
  ${courses}
  <rect x="0" y="150" width="${width}" height="26" fill="#c8bda9"/>
  ${windows}
  <rect x="0" y="1380" width="${width}" height="220" fill="#cbbfab"/>
  <path d="M ${width * 0.38} 1600 V 1470 a ${width * 0.12} ${width * 0.12} 0 0 1 ${width * 0.24} 0 V 1600 Z" fill="${ink}" opacity="0.88"/>
  <rect x="${width * 0.55}" y="0" width="${width * 0.45}" height="${height}" fill="url(#shade)"/>
  <line x1="${width * 0.08}" y1="0" x2="${width * 0.08}" y2="${height}" stroke="${accent}" stroke-width="3" opacity="0.55"/>
</svg>`;
}

/** A 450x600 portrait placeholder: a quiet silhouette and the partner's initials. */
function portraitSvg(initials, tone) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="600" viewBox="0 0 450 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="${tone[0]}"/><stop offset="1" stop-color="${tone[1]}"/>
    </linearGradient>
  </defs>
  <rect width="450" height="600" fill="url(#bg)"/>
  <rect x="300" y="0" width="150" height="600" fill="${paper}" opacity="0.08"/>
  <circle cx="225" cy="235" r="92" fill="${ink}" opacity="0.55"/>
  <path d="M 60 600 C 70 430 150 360 225 360 C 300 360 380 430 390 600 Z" fill="${ink}" opacity="0.6"/>
  <text x="225" y="540" text-anchor="middle" font-family="${serif}" font-size="44" letter-spacing="6" fill="${paper}" opacity="0.9">${initials}</text>
</svg>`;
}

/** The 'Best Lawyers 2025' recognition badge, drawn in the house style. */
function badgeSvg() {
  const leaves = Array.from({ length: 9 }, (_, i) => {
    const angle = 200 + i * 16;
    return `<ellipse cx="160" cy="46" rx="7" ry="16" fill="${accent}" transform="rotate(${angle} 160 160)"/>
            <ellipse cx="160" cy="46" rx="7" ry="16" fill="${accent}" transform="rotate(${-angle} 160 160)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <circle cx="160" cy="160" r="156" fill="${paper}"/>
  <circle cx="160" cy="160" r="148" fill="none" stroke="${ink}" stroke-width="4"/>
  <circle cx="160" cy="160" r="138" fill="none" stroke="${accent}" stroke-width="1.5"/>
  ${leaves}
  <text x="160" y="140" text-anchor="middle" font-family="${serif}" font-size="38" fill="${ink}">Best</text>
  <text x="160" y="182" text-anchor="middle" font-family="${serif}" font-size="38" fill="${ink}">Lawyers</text>
  <line x1="110" y1="200" x2="210" y2="200" stroke="${accent}" stroke-width="2"/>
  <text x="160" y="238" text-anchor="middle" font-family="${sans}" font-size="30" font-weight="700" letter-spacing="4" fill="${ink}">2025</text>
</svg>`;
}

/** Fallback article images: abstract compositions of columns, paper and lines (1200x675). */
function articleSvg(variant) {
  const width = 1200;
  const height = 675;
  if (variant === 1) {
    const columns = Array.from(
      { length: 7 },
      (_, i) =>
        `<rect x="${120 + i * 150}" y="150" width="60" height="420" fill="${stone}"/>
         <rect x="${110 + i * 150}" y="140" width="80" height="18" fill="#cfc6b8"/>
         <rect x="${182 + i * 150}" y="158" width="24" height="412" fill="${ink}" opacity="0.12"/>`,
    ).join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#2b2f36"/>
  <polygon points="80,140 600,40 1120,140" fill="#3d424b"/>
  ${columns}
  <rect x="60" y="570" width="1080" height="30" fill="#cfc6b8"/>
  <rect x="0" y="600" width="${width}" height="75" fill="#1f2228"/>
  <line x1="0" y1="625" x2="${width}" y2="625" stroke="${accent}" stroke-width="3"/>
</svg>`;
  }
  const lines = Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="560" y1="${170 + i * 28}" x2="${i % 4 === 3 ? 880 : 1000}" y2="${170 + i * 28}" stroke="#b9ae9c" stroke-width="6" stroke-linecap="round"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${stone}"/>
  <rect x="500" y="90" width="560" height="520" fill="${paper}" transform="rotate(-3 780 350)"/>
  <rect x="520" y="110" width="540" height="500" fill="#fffdf9"/>
  ${lines}
  <circle cx="300" cy="330" r="170" fill="none" stroke="${ink}" stroke-width="3"/>
  <line x1="300" y1="160" x2="300" y2="500" stroke="${ink}" stroke-width="3"/>
  <line x1="170" y1="250" x2="430" y2="250" stroke="${ink}" stroke-width="5"/>
  <path d="M 170 250 L 130 360 L 210 360 Z" fill="none" stroke="${ink}" stroke-width="3"/>
  <path d="M 430 250 L 390 360 L 470 360 Z" fill="none" stroke="${ink}" stroke-width="3"/>
  <rect x="250" y="500" width="100" height="16" fill="${ink}"/>
  <line x1="0" y1="640" x2="${width}" y2="640" stroke="${accent}" stroke-width="4"/>
</svg>`;
}

/** The site's Open Graph image (1200x630): name, profession and tagline. */
function ogSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${paper}"/>
  <rect x="780" y="0" width="420" height="630" fill="${ink}"/>
  <g opacity="0.9">
    ${Array.from({ length: 4 }, (_, c) =>
      Array.from(
        { length: 5 },
        (_, r) =>
          `<rect x="${820 + c * 92}" y="${60 + r * 110}" width="52" height="80" fill="#3b4552"/>`,
      ).join(''),
    ).join('')}
  </g>
  <rect x="80" y="150" width="64" height="64" fill="none" stroke="${accent}" stroke-width="3"/>
  <text x="112" y="194" text-anchor="middle" font-family="${serif}" font-size="28" fill="${ink}">SA</text>
  <text x="80" y="300" font-family="${serif}" font-size="64" fill="${ink}">Sorel Aubry Avocats</text>
  <text x="80" y="350" font-family="${sans}" font-size="19" letter-spacing="3" fill="${grey}">AVOCATS AU BARREAU DE PARIS · DROIT SOCIAL</text>
  <line x1="80" y1="390" x2="240" y2="390" stroke="${accent}" stroke-width="3"/>
  <text x="80" y="450" font-family="${serif}" font-size="30" font-style="italic" fill="${ink}">Nous maîtrisons les détails.</text>
  <text x="80" y="490" font-family="${serif}" font-size="30" font-style="italic" fill="${ink}">Pour que vous n’ayez pas à le faire.</text>
</svg>`;
}

async function render(svg, file, format) {
  const image = sharp(Buffer.from(svg));
  const buffer =
    format === 'png'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeFile(path.join(out, file), buffer);
  const { width, height } = await sharp(buffer).metadata();
  console.log(`${file}: ${width}x${height}, ${Math.round(buffer.length / 1024)} KB`);
}

await mkdir(out, { recursive: true });
await render(heroSvg(), 'hero-architecture.jpg', 'jpeg');
await render(portraitSvg('H S', ['#b9b2a7', '#8d8578']), 'partner-helene-sorel.jpg', 'jpeg');
await render(portraitSvg('J A', ['#a9afb5', '#7b838b']), 'partner-julien-aubry.jpg', 'jpeg');
await render(badgeSvg(), 'award-best-lawyers-2025.png', 'png');
await render(articleSvg(1), 'article-fallback-1.jpg', 'jpeg');
await render(articleSvg(2), 'article-fallback-2.jpg', 'jpeg');
await render(ogSvg(), 'og-image.png', 'png');
await writeFile(path.join(out, 'logo.svg'), await logoSvg());
console.log('logo.svg: 220x48 (vector, letters as outlines)');
