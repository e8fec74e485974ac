import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extendHeadByMarks } from '../../src/recognition/counter/extend-head.js';
import { readCounter } from '../../src/recognition/counter/reader.js';
import { LOOKALIKE_SCORE, type DigitCell } from '../../src/recognition/counter/window.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { OcrLine } from '../../src/recognition/ocr/types.js';

/** Grey strip with room for two drums before the row; cells at 30 px pitch from x = 105, digits 40 px high. */
function rowOf(digits: string) {
  const width = 30 * (digits.length + 5);
  const img: RgbImage = { data: new Uint8Array(width * 120 * 3).fill(200), width, height: 120 };
  const cells: DigitCell[] = [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: 105 + 30 * i, y: 40, u: 105 + 30 * i, line: 0, followedBySeparator: false }));
  const c = readCounter(img, { cells, axis: [1, 0], height: 40, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(c);
  return { img, c };
}

const mark = (text: string, x: number): OcrLine => ({
  text,
  score: 0.99,
  box: [
    [x - 12, 74],
    [x + 12, 74],
    [x + 12, 86],
    [x - 12, 86],
  ],
});

/** Marks for "2345" with one drum before it: 10000 under x = 75, then 1000 .. 1. */
const marks = [mark('10000', 75), mark('1000', 105), mark('10', 165)];

/** A fake re-read whose characters sit one per drum of the strip it was given (one CTC step per drum). */
function reread(text: string, steps = [...text].map((_, i) => i)) {
  const calls: { cx: number; width: number }[] = [];
  const recognize = async (rects: { cx: number; width: number }[]) => {
    calls.push(...rects);
    const n = Math.round(rects[0].width / 30);
    return [{ text, score: 0.9, charScores: [...text].map(() => 0.9), charSteps: steps, steps: n, cropWidth: n, inputWidth: n }];
  };
  return { recognize, calls };
}

test('extendHeadByMarks adds the drum the marks show before the row when the re-read finds it on the pitch', async () => {
  const { img, c } = rowOf('2345');
  const { recognize, calls } = reread('123');
  const ext = await extendHeadByMarks(img, c, marks, recognize);
  assert.equal(ext.digits, '12345');
  assert.ok(ext.regular);
  assert.equal(Math.round(ext.cells[0].x), 75);
  // One strip from the missing drum through the row's first two digits.
  assert.deepEqual(calls.map((r) => [Math.round(r.cx), Math.round(r.width)]), [[105, 90]]);
});

test('extendHeadByMarks keeps a row irregular when regularise() dropped a rival first cell', async () => {
  const { img, c } = rowOf('2345');
  const doubted = { ...c, regular: false };
  const ext = await extendHeadByMarks(img, doubted, marks, reread('123').recognize);
  assert.equal(ext.digits, '12345');
  assert.equal(ext.regular, false);
});

test('extendHeadByMarks keeps the row when the re-read does not match it or strays off the pitch', async () => {
  const { img, c } = rowOf('2345');
  assert.equal(await extendHeadByMarks(img, c, marks, reread('193').recognize), c);
  assert.equal(await extendHeadByMarks(img, c, marks, reread('23').recognize), c);
  assert.equal(await extendHeadByMarks(img, c, marks, reread('1234').recognize), c);
  // The first digit half a pitch off its drum: a frame edge, not a drum.
  assert.equal(await extendHeadByMarks(img, c, marks, reread('123', [0.5, 1, 2]).recognize), c);
});

test('extendHeadByMarks reads nothing again without marks before the row, and takes a look-alike as an unsure digit', async () => {
  const { img, c } = rowOf('2345');
  const none = reread('123');
  assert.equal(await extendHeadByMarks(img, c, [mark('1000', 105), mark('10', 165)], none.recognize), c);
  assert.equal(none.calls.length, 0);
  const ext = await extendHeadByMarks(img, c, marks, reread('O23').recognize);
  assert.equal(ext.digits, '02345');
  assert.ok(ext.cells[0].score <= LOOKALIKE_SCORE);
});
