import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { bombPng } from '../helpers/images.js';
import { BadImageError, decodeImage, sampleQuad, colourStats, writeChw, type RgbImage } from '../../src/recognition/preprocess.js';

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
