// Regenerates the app icons in public/icons/ (`node scripts/make-icons.mjs`): a #1890ff square with the white
// letters "IPOS". No image library: a tiny PNG encoder on node:zlib, so the icons can be rebuilt on any machine.
// The maskable icon keeps the letters inside the central 80 % safe zone and fills the whole square (no corners),
// as the platform crops it to its own shape.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = [0x18, 0x90, 0xff];
const WHITE = [0xff, 0xff, 0xff];

// 5×7 bitmap letters.
const GLYPHS = {
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
};

/**
 * RGBA pixels of one icon. `radius` rounds the corners (transparent outside); `textWidth` is the share of the side
 * the word takes.
 */
function draw(size, { radius, textWidth }) {
  const px = new Uint8Array(size * size * 4);
  const word = 'IPOS';
  const cols = word.length * 5 + (word.length - 1); // one empty column between letters
  const cell = Math.floor((size * textWidth) / cols);
  const left = Math.floor((size - cols * cell) / 2);
  const top = Math.floor((size - 7 * cell) / 2);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if (!insideRounded(x, y, size, radius)) continue; // stays transparent
      let color = BLUE;
      const cx = Math.floor((x - left) / cell), cy = Math.floor((y - top) / cell);
      if (x >= left && y >= top && cx < cols && cy < 7 && cx % 6 < 5) {
        const glyph = GLYPHS[word[Math.floor(cx / 6)]];
        if (glyph[cy][cx % 6] === '1') color = WHITE;
      }
      px[i] = color[0]; px[i + 1] = color[1]; px[i + 2] = color[2]; px[i + 3] = 0xff;
    }
  }
  return px;
}

function insideRounded(x, y, size, r) {
  if (r <= 0) return true;
  const cx = x < r ? r : x >= size - r ? size - r - 1 : x;
  const cy = y < r ? r : y >= size - r ? size - r - 1 : y;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG, 8-bit RGBA, no interlace, filter 0 on every row. */
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, { radius: 192 * 0.18, textWidth: 0.8 }],
  ['icon-512.png', 512, { radius: 512 * 0.18, textWidth: 0.8 }],
  ['maskable-512.png', 512, { radius: 0, textWidth: 0.6 }],
];
for (const [name, size, opts] of icons) {
  const file = join(out, name);
  writeFileSync(file, png(size, draw(size, opts)));
  console.log(`wrote ${file}`);
}
