import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage } from '../../src/recognition/preprocess.js';
import { OcrEngine } from '../../src/recognition/ocr/engine.js';
import { waterMeterPng } from './fixtures.js';

test('the PP-OCR detector and recogniser read rendered digits and the serial, with boxes in image pixels', async () => {
  const engine = await OcrEngine.load(1);
  const img = await decodeImage(await waterMeterPng('00127546', '12-345678'), { maxPixels: 1e8, maxSide: 1600 });
  const lines = await engine.read(img);
  const texts = lines.map((l) => l.text.replace(/\s/g, ''));
  assert.ok(texts.some((t) => t.includes('12-345678')), `serial in ${JSON.stringify(texts)}`);
  // The drum row (drawn at y 230..326) may come as one box or several; read left to right it is the reading.
  const row = lines.filter((l) => l.box.every(([, y]) => y > 200 && y < 360)).sort((a, b) => a.box[0][0] - b.box[0][0]);
  assert.equal(row.map((l) => l.text).join(''), '00127546', `counter in ${JSON.stringify(texts)}`);
  for (const l of row) assert.ok(l.score > 0.8 && l.charScores!.length === l.text.length);
});
