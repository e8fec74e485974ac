// The real worker pool with the real pipeline: first-come-first-served, bounded, and recovering.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { RecognitionPool, PoolBusyError } from '../../src/workers/pool.js';
import { plainPng, noiseJpeg } from '../helpers/images.js';

const modelsDir = resolve(import.meta.dirname, '../../../models');
let pool: RecognitionPool;

before(async () => {
  pool = new RecognitionPool({
    workers: 1,
    queueLimit: 6,
    timeoutMs: 60_000,
    recognizer: { modelsDir, threads: 1, maxPixels: 50_000_000 },
  });
  await pool.warmup();
});
after(() => pool.close());

test('photos are recognised in the order they arrive', async () => {
  const images = await Promise.all([noiseJpeg(640, 480), plainPng(64, 64), noiseJpeg(320, 240), plainPng(32, 32), noiseJpeg(480, 360), plainPng(48, 48), noiseJpeg(200, 150)]);
  const done: number[] = [];
  await Promise.all(images.map((img, i) => pool.recognize(img).then(() => done.push(i))));
  assert.deepEqual(done, [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(pool.queueDepth, 0);
  assert.equal(pool.active, 0);
});

test('beyond the queue limit a photo is refused at once, and the pool keeps serving', async () => {
  const img = await noiseJpeg(320, 240);
  const accepted = Array.from({ length: 7 }, () => pool.recognize(img)); // 1 running + 6 waiting
  assert.equal(pool.active, 1);
  assert.equal(pool.queueDepth, 6);
  await assert.rejects(pool.recognize(img), PoolBusyError);
  const outcomes = await Promise.all(accepted);
  assert.ok(outcomes.every((o) => o.kind === 'no_meter' || o.kind === 'meter'));
  assert.equal((await pool.recognize(await plainPng())).kind, 'no_meter');
});
