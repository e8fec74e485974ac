// Test fixtures made in the test: real PNG/JPEG bytes, plus deliberately broken ones.
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';

export async function plainPng(width = 64, height = 64, rgb = { r: 200, g: 200, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } }).png().toBuffer();
}

export async function noiseJpeg(width = 320, height = 240): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = 12345;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = s & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg().toBuffer();
}

/** A synthetic meter face: a digit drum row and a nameplate, drawn from SVG with system fonts. */
export async function syntheticMeterJpeg(reading = '00123', serial = '12-345678'): Promise<Buffer> {
  const cells = reading
    .split('')
    .map(
      (d, i) =>
        `<rect x="${150 + i * 62}" y="200" width="56" height="86" fill="#111"/>` +
        `<text x="${178 + i * 62}" y="270" font-family="DejaVu Sans" font-size="64" fill="#fff" text-anchor="middle">${d}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="#dfe6ee"/>
    <circle cx="320" cy="240" r="230" fill="#2a5db0"/>
    <circle cx="320" cy="240" r="205" fill="#f4f4f4"/>
    ${cells}
    <text x="320" y="150" font-family="DejaVu Sans" font-size="30" fill="#000" text-anchor="middle">No ${serial}</text>
    <text x="320" y="350" font-family="DejaVu Sans" font-size="34" fill="#000" text-anchor="middle">m3  Qn 1,5</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A tiny, valid-looking PNG that declares huge dimensions: a decompression bomb's header. */
export function bombPng(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
