import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rereadEmptyRows, withoutDividers } from '../../src/recognition/ocr/dividers.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { RecognizedCrop } from '../../src/recognition/ocr/recognizer.js';

/** A light row, 48 px high: dark bars the full height at `bars`, digit-like strokes 60% high at `strokes`. */
function row(width: number, bars: number[], strokes: number[], light = 210, ink = 60): RgbImage {
  const data = new Uint8Array(width * 48 * 3).fill(light);
  const paint = (x: number, y0: number, y1: number) => {
    for (let dx = 0; dx < 3; dx++) for (let y = y0; y < y1; y++) data.fill(ink, (y * width + x + dx) * 3, (y * width + x + dx) * 3 + 3);
  };
  bars.forEach((x) => paint(x, 0, 48));
  strokes.forEach((x) => paint(x, 10, 39));
  return { width, height: 48, data };
}

const greyAt = (img: RgbImage, x: number, y: number) => img.data[(y * img.width + x) * 3];

test('withoutDividers blanks the full-height dark columns and keeps the digits strokes', () => {
  const img = row(200, [0, 50, 100, 150], [20, 70, 120, 170]);
  const clean = withoutDividers(img);
  assert.ok(clean);
  for (const x of [50, 51, 52, 100]) assert.equal(greyAt(clean, x, 24), 210, `column ${x}`);
  for (const x of [20, 70, 170]) assert.equal(greyAt(clean, x, 24), 60, `stroke ${x}`);
  // The input is left as it was.
  assert.equal(greyAt(img, 50, 24), 60);
});

test('withoutDividers leaves rows without dividers, without contrast, or dark all over', () => {
  assert.equal(withoutDividers(row(200, [], [20, 70, 120, 170])), null);
  assert.equal(withoutDividers(row(200, [0, 50, 100], [20, 70], 120, 110)), null);
  const dark = row(40, [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36], []);
  assert.equal(withoutDividers(dark), null);
});

const crop = (text: string): RecognizedCrop => ({ text, score: text ? 0.9 : 0, charScores: [...text].map(() => 0.9), charSteps: [...text].map((_, i) => i), steps: 10, cropWidth: 100, inputWidth: 100 });

test('rereadEmptyRows reads a long box that read as nothing again without its dividers, and only such a box', async () => {
  const img = row(400, [0, 50, 100, 150, 200, 250, 300, 350], [20, 70, 120, 170, 220, 270, 320, 370]);
  const rects = [
    { cx: 200, cy: 24, width: 400, height: 48, angle: 0 }, // a row read as nothing
    { cx: 200, cy: 24, width: 400, height: 48, angle: 0 }, // the same row, read
    { cx: 50, cy: 24, width: 100, height: 48, angle: 0 }, // a short box read as nothing: not a row
  ];
  const recs = [crop(''), crop('123'), crop('')];
  const seen: RgbImage[] = [];
  // A recogniser that reads nothing while a divider is left in the crop.
  const recognizeCrops = async (crops: RgbImage[]) =>
    crops.map((c) => {
      seen.push(c);
      const hasBar = Array.from({ length: c.width }, (_, x) => x).some((x) => Array.from({ length: 48 }, (_, y) => greyAt(c, x, y)).every((v) => v < 135));
      return crop(hasBar ? '' : '00434169');
    });
  await rereadEmptyRows(img, rects, recs, recognizeCrops);
  assert.equal(seen.length, 1);
  assert.deepEqual(
    recs.map((r) => r.text),
    ['00434169', '123', ''],
  );
  // Still nothing on the second try: the box stays empty.
  const again = [crop('')];
  await rereadEmptyRows(img, rects.slice(0, 1), again, async (crops) => crops.map(() => crop('')));
  assert.equal(again[0].text, '');
});
