import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rowsBesideMarks } from '../../src/recognition/counter/beside-marks.js';
import type { OcrLineDetail } from '../../src/recognition/ocr/engine.js';
import { rectCorners, type RotatedRect } from '../../src/recognition/ocr/geometry.js';
import type { RecognizedCrop } from '../../src/recognition/ocr/recognizer.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';

const img: RgbImage = { data: new Uint8Array(800 * 600 * 3), width: 800, height: 600 };

function line(text: string, cx: number, cy: number, width: number, height: number): OcrLineDetail {
  const rect: RotatedRect = { cx, cy, width, height, angle: 0 };
  const rec: RecognizedCrop = { text, score: 0.99, charScores: [...text].map(() => 0.99), charSteps: [...text].map((_, i) => i), steps: text.length, cropWidth: 10, inputWidth: 10 };
  return { text, score: 0.99, box: rectCorners(rect), charScores: rec.charScores, rect, rec };
}

test('drum rows are looked for above and below a merged multiplier-mark line, spanning the marks that continue it', async () => {
  const seen: RotatedRect[] = [];
  const recognize = async (rects: RotatedRect[]) => {
    seen.push(...rects);
    return rects.map(() => ({ text: '066522', score: 0.9, charScores: [0.9, 0.9, 0.9, 0.9, 0.9, 0.9], charSteps: [0, 1, 2, 3, 4, 5], steps: 6, cropWidth: 6, inputWidth: 6 }));
  };
  // "10000 1000 100" read as one line, "10" and "1/10" on the same baseline, a nameplate line far below.
  const lines = [line('100001000100', 300, 300, 200, 20), line('10', 440, 301, 30, 20), line('1/10', 560, 299, 40, 20), line('22170246', 400, 500, 200, 40)];
  const rows = await rowsBesideMarks(img, lines, recognize);
  assert.equal(rows.length, 4);
  assert.equal(rows[0].text, '066522');
  for (const r of seen) {
    assert.equal(r.height, 48);
    // From 0.8 heights before the merged line to 0.8 heights past the "1/10".
    assert.equal(r.cx - r.width / 2, 200 - 16);
    assert.equal(r.cx + r.width / 2, 580 + 16);
  }
  assert.deepEqual(seen.map((r) => r.cy).sort((a, b) => a - b), [244, 260, 340, 356]);
});

test('no merged mark line, no candidate rows', async () => {
  const recognize = async () => assert.fail('nothing to recognise');
  assert.deepEqual(await rowsBesideMarks(img, [line('1000', 300, 300, 60, 20), line('22170246', 400, 500, 200, 40)], recognize), []);
});
