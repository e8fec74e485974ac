import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage, resizeRgb, writeChw } from '../../src/recognition/preprocess.js';
import { loadOnnxModel } from '../../src/recognition/onnx.js';
import { ppOcrModelPaths, ppOcrSourcePaths } from '../../src/recognition/ocr/models.js';
import { waterMeterPng } from './fixtures.js';

async function fixtureTensor(width: number, height: number, mean: number[], std: number[]): Promise<Float32Array> {
  const img = await decodeImage(await waterMeterPng('00127546', '12-345678'), { maxPixels: 1e8, maxSide: 1600 });
  const small = await resizeRgb(img, width, height);
  const t = new Float32Array(3 * width * height);
  writeChw(small, t, 0, width, mean, std, true);
  return t;
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  assert.equal(a.length, b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

test('the fused detector gives the source graph’s probability map', async () => {
  const [fused, source] = await Promise.all([loadOnnxModel(ppOcrModelPaths().det, 1), loadOnnxModel(ppOcrSourcePaths().det, 1)]);
  const input = await fixtureTensor(320, 256, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]);
  const a = await fused.run(input, [1, 3, 256, 320]);
  const b = await source.run(input, [1, 3, 256, 320]);
  assert.deepEqual(a.dims, b.dims);
  assert.ok(b.data.some((p) => p > 0.5), 'the fixture has text the detector sees');
  assert.ok(maxAbsDiff(a.data, b.data) < 1e-4, `max diff ${maxAbsDiff(a.data, b.data)}`);
});

test('the fused recogniser gives the source graph’s character probabilities', async () => {
  const [fused, source] = await Promise.all([loadOnnxModel(ppOcrModelPaths().rec, 1), loadOnnxModel(ppOcrSourcePaths().rec, 1)]);
  const input = await fixtureTensor(320, 48, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
  const a = await fused.run(input, [1, 3, 48, 320]);
  const b = await source.run(input, [1, 3, 48, 320]);
  assert.deepEqual(a.dims, b.dims);
  assert.ok(maxAbsDiff(a.data, b.data) < 1e-4, `max diff ${maxAbsDiff(a.data, b.data)}`);
});
