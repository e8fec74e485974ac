import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { bombPng } from '../helpers/images.js';
import { BadImageError, decodeImage, sampleQuad, sampleQuadSmooth, colourStats, writeChw, stretchContrast, rotateBy, rotate180, type RgbImage } from '../../src/recognition/preprocess.js';

const OPTS = { maxPixels: 40_000_000, maxSide: 1600 };

test('decodeImage downscales once to the working size and returns RGB', async () => {
  const png = await sharp({ create: { width: 3200, height: 1600, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 1 } } }).png().toBuffer();
  const img = await decodeImage(png, OPTS);
  assert.equal(img.width, 1600);
  assert.equal(img.height, 800);
  assert.equal(img.data.length, 1600 * 800 * 3);
  assert.deepEqual([...img.data.subarray(0, 3)], [10, 200, 30]);
});

test('decodeImage applies the EXIF orientation', async () => {
  // Left half red, right half blue, stored landscape with "rotate 90° clockwise to display".
  const raw = Buffer.alloc(200 * 100 * 3);
  for (let y = 0; y < 100; y++) for (let x = 0; x < 200; x++) raw.set(x < 100 ? [255, 0, 0] : [0, 0, 255], (y * 200 + x) * 3);
  const jpeg = await sharp(raw, { raw: { width: 200, height: 100, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
  const img = await decodeImage(jpeg, OPTS);
  assert.equal(img.width, 100);
  assert.equal(img.height, 200);
  const top = img.data.subarray((10 * 100 + 50) * 3, (10 * 100 + 50) * 3 + 3);
  assert.ok(top[0] > 200 && top[2] < 60, `top of the displayed image is the red half, got ${[...top]}`);
});

test('decodeImage refuses a small PNG that declares huge dimensions, quickly', async () => {
  const bomb = bombPng(60_000, 60_000);
  assert.ok(bomb.length < 2000);
  const t0 = performance.now();
  await assert.rejects(decodeImage(bomb, OPTS), BadImageError);
  assert.ok(performance.now() - t0 < 2000);
});

test('decodeImage refuses bytes that are not an image, and unsupported formats', async () => {
  await assert.rejects(decodeImage(Buffer.from('definitely not a jpeg'), OPTS), BadImageError);
  const webp = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } }).webp().toBuffer();
  await assert.rejects(decodeImage(webp, OPTS), BadImageError);
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
  await assert.rejects(decodeImage(png.subarray(0, png.length / 2), OPTS), BadImageError);
});

test('sampleQuad, colourStats and writeChw work on raw pixels', () => {
  const img: RgbImage = { width: 4, height: 2, data: new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0]) };
  const left = sampleQuad(img, [[0, 0], [2, 0], [2, 2], [0, 2]], 2, 2);
  assert.deepEqual([...left.data.subarray(0, 3)], [255, 0, 0]);
  assert.equal(colourStats(img, 0, 0, 4, 2).redFraction, 0.5);
  const t = new Float32Array(3 * 2 * 4);
  writeChw(img, t, 0, 4, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], true);
  assert.equal(t[2 * 8], 1); // R lands in the third plane with bgr
  assert.equal(t[0], -1);
});

test('writeChw gives (v/255 - mean) / std for every byte value and channel, and leaves padding columns alone', () => {
  const width = 256;
  const data = new Uint8Array(width * 3);
  for (let x = 0; x < width; x++) data.set([x, 255 - x, (x * 7) % 256], x * 3);
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const dstW = width + 3;
  const t = new Float32Array(3 * dstW).fill(42);
  writeChw({ width, height: 1, data }, t, 0, dstW, mean, std, true);
  for (let c = 0; c < 3; c++) {
    const src = 2 - c;
    for (let x = 0; x < width; x++) {
      const want = (data[x * 3 + src] / 255 - mean[c]) / std[c];
      assert.ok(Math.abs(t[c * dstW + x] - want) < 1e-5, `plane ${c} x ${x}: ${t[c * dstW + x]} != ${want}`);
    }
    for (let x = width; x < dstW; x++) assert.equal(t[c * dstW + x], 42);
  }
});

test('sampleQuadSmooth averages sampleQuad over a finer grid: the same pixels, inside the image and across its edges', () => {
  // A noisy image, so that any slip in the sample positions or the rounding changes pixels.
  const width = 97;
  const height = 61;
  const data = new Uint8Array(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256;
  const img: RgbImage = { width, height, data };
  const quads: [number, number][][] = [
    [[10.3, 5.7], [52.1, 9.2], [47.9, 58.4], [6.1, 54.9]], // tilted, inside: factor 2
    [[-6, -4], [74, -4], [74, 120], [-6, 120]], // past every edge: factor 4 (capped)
    [[40.5, 20.25], [100.5, 20.25], [100.5, 70.25], [40.5, 70.25]], // off the right and bottom
  ];
  for (const q of quads) {
    const outW = 20;
    const outH = 32;
    const srcW = Math.hypot(q[1][0] - q[0][0], q[1][1] - q[0][1]);
    const srcH = Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1]);
    const f = Math.max(1, Math.min(4, Math.round(Math.max(srcW / outW, srcH / outH))));
    assert.ok(f > 1);
    const big = sampleQuad(img, q, outW * f, outH * f);
    const expected = new Uint8Array(outW * outH * 3);
    for (let y = 0; y < outH; y++)
      for (let x = 0; x < outW; x++)
        for (let k = 0; k < 3; k++) {
          let sum = 0;
          for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) sum += big.data[((y * f + dy) * outW * f + x * f + dx) * 3 + k];
          expected[(y * outW + x) * 3 + k] = (sum / (f * f) + 0.5) | 0;
        }
    assert.deepEqual(sampleQuadSmooth(img, q, outW, outH).data, expected);
  }
});

test('sampleQuad interpolates bilinearly inside the image and clamps at its edges', () => {
  const width = 23;
  const height = 17;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251;
  const img: RgbImage = { width, height, data };
  const px = (x: number, y: number, k: number) => data[(y * width + x) * 3 + k];
  const reference = (x: number, y: number, k: number) => {
    const xc = Math.min(Math.max(x, 0), width - 1);
    const yc = Math.min(Math.max(y, 0), height - 1);
    const x0 = Math.floor(xc);
    const y0 = Math.floor(yc);
    const x1 = Math.min(x0 + 1, width - 1);
    const y1 = Math.min(y0 + 1, height - 1);
    const top = px(x0, y0, k) + (px(x1, y0, k) - px(x0, y0, k)) * (xc - x0);
    const bot = px(x0, y1, k) + (px(x1, y1, k) - px(x0, y1, k)) * (xc - x0);
    return Math.floor(top + (bot - top) * (yc - y0) + 0.5);
  };
  // One output pixel per sample: its centre maps to (x, y) in the image.
  for (const [x, y] of [[3.25, 4.75], [0, 0], [21.9, 15.1], [22, 16], [-1.5, 8.2], [10.5, 16.7], [21.999, 2]]) {
    const q: [number, number][] = [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
    const out = sampleQuad(img, q, 1, 1);
    for (let k = 0; k < 3; k++) assert.equal(out.data[k], reference(x, y, k), `(${x}, ${y}) channel ${k}`);
  }
});

test('stretchContrast spreads a dim crop over the whole range, the same mapping on every channel', () => {
  // A dim grey ramp from 40 to 80 with one warm pixel in the middle of it.
  const width = 101;
  const data = new Uint8Array(width * 3);
  for (let x = 0; x < width; x++) data.fill(40 + Math.round((40 * x) / (width - 1)), 3 * x, 3 * x + 3);
  data.set([70, 60, 50], 3 * 50);
  const out = stretchContrast({ data, width, height: 1 });
  assert.equal(out.width, width);
  assert.equal(out.height, 1);
  assert.equal(out.data[0], 0, 'the darkest 2% clip to black');
  assert.equal(out.data[3 * (width - 1)], 255, 'the lightest 2% clip to white');
  const [r, g, b] = out.data.subarray(3 * 50, 3 * 51);
  assert.ok(r > g && g > b, `the warm pixel stays warm: ${r},${g},${b}`);
  assert.ok(r - b > 2 * (70 - 50), 'and its channels spread with the range');
  assert.deepEqual([...data.subarray(0, 3)], [40, 40, 40], 'the input is left alone');
});

test('rotateBy turns about the centre onto a canvas that keeps every pixel, the corners it brings in grey', () => {
  // 4 x 2, every pixel its own value.
  const data = new Uint8Array(4 * 2 * 3).map((_, i) => Math.floor(i / 3) * 10);
  const img: RgbImage = { data, width: 4, height: 2 };
  // Half a turn samples pixel centres exactly: the same as rotate180.
  assert.deepEqual(rotateBy(img, Math.PI), rotate180(img));
  // A quarter turn clockwise: 2 x 4, the bottom-left pixel (value 40) now at the top left.
  const quarter = rotateBy(img, Math.PI / 2);
  assert.deepEqual([quarter.width, quarter.height], [2, 4]);
  assert.deepEqual([quarter.data[0], quarter.data[3]], [40, 0]);
  // 30 degrees: a larger canvas, grey in its corners, the image's middle still in the middle.
  const big: RgbImage = { data: new Uint8Array(100 * 60 * 3).fill(250), width: 100, height: 60 };
  const turned = rotateBy(big, Math.PI / 6);
  assert.deepEqual([turned.width, turned.height], [Math.ceil(100 * Math.cos(Math.PI / 6) + 60 * 0.5), Math.ceil(100 * 0.5 + 60 * Math.cos(Math.PI / 6))]);
  assert.equal(turned.data[0], 128);
  const mid = (Math.floor(turned.height / 2) * turned.width + Math.floor(turned.width / 2)) * 3;
  assert.equal(turned.data[mid], 250);
});
