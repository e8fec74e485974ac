import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage, renderSvg } from '../../src/recognition/preprocess.js';
import { OcrEngine } from '../../src/recognition/ocr/engine.js';
import { redAsGrey } from '../../src/recognition/ocr/detector.js';
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

test('the detector enlarges a small photo only when told to upscale: text too small to box at its own size is boxed', async () => {
  const engine = await OcrEngine.load(1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fff"/>
<text x="10" y="24" font-family="DejaVu Sans" font-size="3" fill="#000">No 4815162342</text></svg>`;
  const img = await decodeImage(await renderSvg(svg), { maxPixels: 1e7, maxSide: 1600 });
  assert.equal((await engine.detector.detect(img, { maxSide: 640 })).length, 0);
  const boxes = await engine.detector.detect(img, { maxSide: 640, upscale: true });
  assert.equal(boxes.length, 1);
  // Boxes stay in the photo's own pixels.
  assert.ok(boxes[0].rect.cx > 10 && boxes[0].rect.cx < 60 && boxes[0].rect.width < 40, JSON.stringify(boxes[0].rect));
});

test("redAsGrey keeps each pixel's red in all three channels, leaving the image it was given alone", () => {
  const img = { data: new Uint8Array([200, 30, 40, 10, 250, 90]), width: 2, height: 1 };
  assert.deepEqual([...redAsGrey(img).data], [200, 200, 200, 10, 10, 10]);
  assert.deepEqual([...img.data], [200, 30, 40, 10, 250, 90]);
});
