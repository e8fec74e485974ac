// Hostile and malformed uploads for bench:fuzz. Every case is a client's mistake or an odd but legal
// image, so none of them may ever be answered with a 500. Deterministic for a given seed.
import sharp from 'sharp';
import { bombPng, noiseJpeg, plainPng } from '../../test/helpers/images.js';
import { imageForm, multipart, type PostOptions } from './http.js';

export interface FuzzCase {
  kind: string;
  contentType?: string;
  body: Buffer;
  /** Replaces the bench client's Authorization header when set ('' = no header). */
  authorization?: string;
  opts?: PostOptions;
}

export interface Seeds {
  jpeg: Buffer;
  png: Buffer;
  meterish: Buffer;
}

export async function makeSeeds(): Promise<Seeds> {
  return {
    jpeg: await noiseJpeg(96, 72),
    png: await plainPng(64, 48),
    meterish: await sharp({ create: { width: 160, height: 120, channels: 3, background: '#234' } })
      .composite([{ input: Buffer.from('<svg width="160" height="120"><text x="20" y="70" font-size="40" fill="#fff">0123</text></svg>') }])
      .jpeg()
      .toBuffer(),
  };
}

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

/** A JPEG whose frame header (SOF) declares the given size; the scan data stays the small original. */
export function jpegWithDeclaredSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && out[i + 1] >= 0xc0 && out[i + 1] <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  return out;
}

const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

function corrupt(r: () => number, buf: Buffer, flips: number): Buffer {
  const out = Buffer.from(buf);
  for (let i = 0; i < flips; i++) out[int(r, 0, out.length - 1)] = int(r, 0, 255);
  return out;
}

type Gen = (r: () => number, s: Seeds) => FuzzCase;

const image = (kind: string, bytes: Buffer, filename = 'photo.jpg'): FuzzCase => ({ kind, ...bodyOf(imageForm(bytes, filename)) });
const bodyOf = (m: { contentType: string; body: Buffer }) => ({ contentType: m.contentType, body: m.body });

/** Each generator makes one case of its kind; kinds are drawn uniformly. */
export const GENERATORS: Record<string, Gen> = {
  'truncated-jpeg': (r, s) => image('truncated-jpeg', s.jpeg.subarray(0, int(r, 3, s.jpeg.length - 1))),
  'truncated-png': (r, s) => image('truncated-png', s.png.subarray(0, int(r, 8, s.png.length - 1)), 'a.png'),
  'corrupted-jpeg': (r, s) => image('corrupted-jpeg', corrupt(r, pick(r, [s.jpeg, s.meterish]), int(r, 1, 40))),
  'corrupted-png': (r, s) => image('corrupted-png', corrupt(r, s.png, int(r, 1, 20)), 'a.png'),
  'magic-then-garbage': (r) => {
    const magic = r() < 0.5 ? [0xff, 0xd8, 0xff] : [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const tail = Buffer.from(Array.from({ length: int(r, 0, 4000) }, () => int(r, 0, 255)));
    return image('magic-then-garbage', Buffer.concat([Buffer.from(magic), tail]));
  },
  'extreme-dimensions': (r, s) =>
    r() < 0.5
      ? image('extreme-dimensions', bombPng(pick(r, [1, 65_535, 100_000, 2 ** 31 - 1]), pick(r, [1, 65_535, 100_000, 2 ** 31 - 1])), 'bomb.png')
      : image('extreme-dimensions', jpegWithDeclaredSize(s.jpeg, pick(r, [1, 65_535, 30_000]), pick(r, [1, 65_535, 30_000]))),
  'not-an-image': (r) => image('not-an-image', Buffer.from(pick(r, ['GIF89a....', '%PDF-1.7', '{"image":1}', '', '<svg/>'])), 'x.gif'),
  'wrong-field': (r, s) => ({
    kind: 'wrong-field',
    ...bodyOf(multipart([{ name: pick(r, ['file', 'Image', 'image ', 'photo', '', 'image[]']), filename: 'p.jpg', data: s.jpeg }])),
  }),
  'image-as-text-field': (_r, s) => ({ kind: 'image-as-text-field', ...bodyOf(multipart([{ name: 'image', data: s.jpeg.subarray(0, 200) }])) }),
  'many-parts': (r, s) => {
    const n = pick(r, [30, 200, 1000]);
    const parts = Array.from({ length: n }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') }));
    return { kind: 'many-parts', ...bodyOf(multipart([...parts, { name: 'image', filename: 'p.jpg', data: s.jpeg }])) };
  },
  'many-files': (r, s) => ({
    kind: 'many-files',
    ...bodyOf(multipart(Array.from({ length: int(r, 6, 40) }, () => ({ name: 'image', filename: 'p.jpg', data: s.png })))),
  }),
  'broken-multipart': (r, s) => {
    const m = imageForm(s.jpeg);
    const v = int(r, 0, 5);
    if (v === 0) return { kind: 'broken-multipart', contentType: 'multipart/form-data', body: m.body }; // no boundary
    if (v === 1) return { kind: 'broken-multipart', contentType: 'multipart/form-data; boundary=nope', body: m.body };
    if (v === 2) return { kind: 'broken-multipart', contentType: m.contentType, body: m.body.subarray(0, int(r, 0, m.body.length - 1)) };
    if (v === 3) return { kind: 'broken-multipart', contentType: m.contentType, body: corrupt(r, m.body, int(r, 1, 30)) };
    if (v === 4) return { kind: 'broken-multipart', contentType: `multipart/form-data; boundary=${'b'.repeat(int(r, 71, 5000))}`, body: m.body };
    const head = Buffer.from(`--X\r\nContent-Disposition: form-data; name="image"; filename="${'\u0000"\\'.repeat(50)}"\r\n${'X-H: v\r\n'.repeat(int(r, 0, 500))}\r\n`);
    return { kind: 'broken-multipart', contentType: 'multipart/form-data; boundary=X', body: Buffer.concat([head, s.jpeg, Buffer.from('\r\n--X--\r\n')]) };
  },
  'wrong-content-type': (r, s) => ({
    kind: 'wrong-content-type',
    contentType: pick(r, [undefined, 'application/json', 'text/plain', 'image/jpeg', 'application/x-www-form-urlencoded', 'multipart/mixed; boundary=a']),
    body: pick(r, [s.jpeg, Buffer.from('{"image":"aGVsbG8="}'), Buffer.alloc(0)]),
  }),
  'huge-headers': (r, s) => ({
    kind: 'huge-headers',
    ...bodyOf(imageForm(s.png)),
    opts: {
      noAgent: true,
      headers: r() < 0.5 ? { 'x-junk': 'a'.repeat(int(r, 8_000, 64_000)) } : Object.fromEntries(Array.from({ length: int(r, 100, 400) }, (_, i) => [`x-h${i}`, 'v'.repeat(40)])),
    },
  }),
  'bad-authorization': (r, s) => ({
    kind: 'bad-authorization',
    ...bodyOf(imageForm(s.png)),
    authorization: pick(r, ['', 'Bearer', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz', `Bearer ${'A'.repeat(int(r, 100, 7000))}.e30.x`, 'Bearer \u00ff\u00fe.x.y']),
  }),
  'oversize-file': (r) => image('oversize-file', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024 + int(r, 1, 1_000_000))])),
  'client-gives-up': (r, s) => {
    const m = imageForm(s.jpeg);
    return { kind: 'client-gives-up', ...bodyOf(m), opts: { noAgent: true, abortAfter: int(r, 0, m.body.length - 1) } };
  },
  'slow-sender': (r, s) => ({ kind: 'slow-sender', ...bodyOf(imageForm(s.png)), opts: { noAgent: true, slowChunk: int(r, 16, 200), slowEveryMs: int(r, 5, 40) } }),
  'valid-odd-image': (r, s) => image('valid-odd-image', pick(r, [s.jpeg, s.png, s.meterish])),
};

/** Oversize bodies are 20 MB each: they are drawn rarely so that a run stays short. */
export function drawKind(r: () => number): string {
  const kinds = Object.keys(GENERATORS).filter((k) => k !== 'oversize-file');
  return r() < 0.005 ? 'oversize-file' : pick(r, kinds);
}
