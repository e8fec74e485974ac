import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalsFromMarks, drumsBeforeRow, markBoxesBeside, markExponent, mergedMarkExponents, unitsPastRow, withMarkedDecimals } from '../../src/recognition/counter/scale-marks.js';
import { readCounter } from '../../src/recognition/counter/reader.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';
import type { OcrLine } from '../../src/recognition/ocr/types.js';

test('markExponent reads drum multiplier marks and nothing else', () => {
  assert.equal(markExponent('1/10'), -1);
  assert.equal(markExponent('1/100'), -2);
  assert.equal(markExponent('x0,1'), -1);
  assert.equal(markExponent('×0.01'), -2);
  assert.equal(markExponent('1000'), 3);
  assert.equal(markExponent('10'), 1);
  assert.equal(markExponent('1'), null);
  assert.equal(markExponent('1/8'), null);
  assert.equal(markExponent('1200'), null);
  assert.equal(markExponent('10(30)A'), null);
});

/** Grey strip, 5 plain cells at 30 px pitch, digits 40 px high centred on y = 40. */
function plainCounter(digits: string) {
  const width = 30 * (digits.length + 2);
  const img: RgbImage = { data: new Uint8Array(width * 120 * 3).fill(200), width, height: 120 };
  const cells: DigitCell[] = [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: 45 + 30 * i, y: 40, u: 45 + 30 * i, line: 0, followedBySeparator: false }));
  const c = readCounter(img, { cells, axis: [1, 0], height: 40, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(c);
  assert.equal(c.decimalSource, 'none');
  return c;
}

/** An OCR line of `text` centred at (x, y), 12 px high. */
const mark = (text: string, x: number, y: number): OcrLine => ({
  text,
  score: 0.99,
  box: [
    [x - 12, y - 6],
    [x + 12, y - 6],
    [x + 12, y + 6],
    [x - 12, y + 6],
  ],
});

test('a 1/10 mark under the last drum puts one decimal there', () => {
  const c = plainCounter('17232');
  const lines = [mark('1000', 45, 80), mark('100', 75, 80), mark('10', 105, 80), mark('1/10', 165, 80)];
  assert.equal(decimalsFromMarks(lines, c), 1);
  const marked = withMarkedDecimals(lines, c);
  assert.equal(marked.decimals, 1);
  assert.equal(marked.decimalSource, 'marks');
  assert.equal(marked.value, 1723.2);
});

test('a row whose red drums put the point elsewhere than its marks do is marked; one they agree with is not', () => {
  // `3847` read and one drum on, taken for the red tenth: the marks `1` and `0.1` say that drum is the units'.
  const red = { ...plainCounter('38477'), decimals: 1, decimalSource: 'colour' as const };
  const lines = [mark('10', 135, 80), mark('1', 165, 80), mark('0.1', 195, 80)];
  assert.equal(withMarkedDecimals(lines, red).marksContest, true);
  const whole = { ...plainCounter('384773'), decimals: 1, decimalSource: 'colour' as const };
  assert.equal(withMarkedDecimals(lines, whole).marksContest, undefined);
  assert.equal(withMarkedDecimals([], red), red);
});

test('marks that contradict each other, sit far from the row or stand alone as whole numbers are ignored', () => {
  const c = plainCounter('17232');
  assert.equal(decimalsFromMarks([mark('1/10', 165, 80), mark('10', 45, 80)], c), null);
  assert.equal(decimalsFromMarks([mark('1/10', 165, 200)], c), null);
  assert.equal(decimalsFromMarks([mark('1/10', 165, 40)], c), null);
  assert.equal(decimalsFromMarks([mark('10', 105, 80)], c), null);
  assert.equal(withMarkedDecimals([mark('10', 105, 80)], c), c);
  // Whole-number marks only: the units drum is the last one.
  assert.equal(decimalsFromMarks([mark('100', 105, 80), mark('10', 135, 80)], c), 0);
});

test('mergedMarkExponents splits a run of consecutive powers of ten read as one line', () => {
  assert.deepEqual(mergedMarkExponents('100001000100'), [4, 3, 2]);
  assert.deepEqual(mergedMarkExponents('1000 100 10 1 1/10'), [3, 2, 1, 0, -1]);
  assert.equal(mergedMarkExponents('10 1'), null);
  assert.equal(mergedMarkExponents('10100'), null);
  assert.equal(mergedMarkExponents('1000100101/10'), null);
  assert.equal(mergedMarkExponents('1000'), null);
  assert.equal(mergedMarkExponents('12345'), null);
});

test('marks read as one merged line place the decimal point by their middle', () => {
  const c = plainCounter('17232');
  // "1000 100 10" under cells 0..2 as one line centred under cell 1.
  const merged: OcrLine = { ...mark('1000100 10', 75, 80), box: [[30, 74], [120, 74], [120, 86], [30, 86]] };
  assert.equal(decimalsFromMarks([merged], c), 1);
  // The same marks shifted by one cell contradict the row: no cell can hold "1000" there.
  const shifted: OcrLine = { ...merged, box: merged.box.map(([x, y]) => [x + 60, y] as [number, number]) };
  assert.equal(decimalsFromMarks([shifted], c), null);
});

test('drumsBeforeRow counts the drums that marks show before the first cell, only when the marks agree', () => {
  const c = plainCounter('2345');
  // Cells at x = 45, 75, 105, 135; a mark at x = 15 is under a drum the OCR left out.
  assert.equal(drumsBeforeRow([mark('1000', 15, 80), mark('100', 45, 80), mark('10', 75, 80)], c), 1);
  assert.equal(drumsBeforeRow([mark('10000', -15, 80), mark('1000', 15, 80), mark('10', 75, 80)], c), 2);
  // Marks that disagree on where the units drum is, a lone mark, or none before the row.
  assert.equal(drumsBeforeRow([mark('1000', 15, 80), mark('10', 45, 80)], c), 0);
  assert.equal(drumsBeforeRow([mark('1000', 15, 80)], c), 0);
  assert.equal(drumsBeforeRow([mark('100', 75, 80), mark('10', 105, 80)], c), 0);
  // More than two drums before the row is no longer the same row.
  assert.equal(drumsBeforeRow([mark('10000', -45, 80), mark('10', 75, 80)], c), 0);
});

test('drumsBeforeRow also agrees with the decimal point the row already has', () => {
  const c = { ...plainCounter('2345'), decimals: 1, decimalSource: 'colour' as const };
  // Units drum at cell 2 (one red drum at the end): a "1000" at cell -1 fits, a "100" there does not.
  assert.equal(drumsBeforeRow([mark('1000', 15, 80), mark('0.1', 135, 80)], c), 1);
  // These two agree with each other, but put the units drum at cell 1.
  assert.equal(drumsBeforeRow([mark('100', 15, 80), mark('10', 45, 80)], c), 0);
});

test('markBoxesBeside picks the small boxes just under or over the drums, and before them', () => {
  const c = plainCounter('2345');
  const box = (cx: number, cy: number, width = 24, height = 12) => ({ cx, cy, width, height, angle: 0 });
  const rects = [
    box(45, 80), // under the first drum
    box(15, 80), // under the drum before it
    box(105, 2), // over the third drum
    box(-75, 80), // four pitches before the row
    box(75, 80, 24, 40), // as tall as the digits: not a mark
    box(75, 40), // on the row itself
    box(75, 200), // far below
  ];
  assert.deepEqual(markBoxesBeside(c, rects), [0, 1, 2]);
});

test('marks that agree on a units drum past the row say the row stops short of it; the plain row is withheld', async () => {
  // `5899` of a register showing 58999 and a tenth: its 10000..10 marks under the four cells, its `1`
  // and `0.1` marks under the drums past them (read as a plain row, 5899 before).
  const c = plainCounter('5899');
  const lines = [mark('100001000100', 75, 80), mark('10', 135, 80), mark('1', 165, 80), mark('0.1', 195, 80)];
  assert.equal(unitsPastRow(lines, c), true);
  assert.equal(decimalsFromMarks(lines, c), null);
  const marked = withMarkedDecimals(lines, c);
  assert.equal(marked.unitsPastRow, true);
  assert.equal(marked.decimalSource, 'none');
  const { readingVerdict } = await import('../../src/recognition/decision.js');
  const { parseMeterText } = await import('../../src/recognition/parse/index.js');
  const text = parseMeterText([{ text: '5899', score: 0.99, box: [[30, 20], [150, 20], [150, 60], [30, 60]] }], { width: 400, height: 200 });
  assert.equal(readingVerdict('electricity', text, c, null).reading, 5899);
  assert.equal(readingVerdict('electricity', text, marked, null).why, 'plain: marks past the row');
  // Marks that end on the row's last cell, or disagree, say nothing of the kind.
  const whole = plainCounter('58999');
  assert.equal(unitsPastRow([mark('100001000100', 75, 80), mark('10', 135, 80), mark('1', 165, 80)], whole), false);
  assert.equal(unitsPastRow([mark('100001000100', 75, 80), mark('100', 135, 80)], c), false);
});

test('a fraction mark past a row that ends on its units drum says the row stops short of its tenth', () => {
  // `1723` of a register showing 1723.2: `1000` `100` `10` under its first three cells, its `1` mark
  // unread, and `1/10` under the tenths drum a pitch past the row (read as a plain row, 1723 before).
  const c = plainCounter('1723');
  const lines = [mark('1000', 45, 80), mark('100', 75, 80), mark('10', 105, 80), mark('1/10', 165, 80)];
  assert.equal(unitsPastRow(lines, c), true);
  assert.equal(withMarkedDecimals(lines, c).unitsPastRow, true);
  // Without it, or with a mark past the row that disagrees, or one three pitches on: nothing past.
  assert.equal(unitsPastRow(lines.slice(0, 3), c), false);
  assert.equal(withMarkedDecimals(lines.slice(0, 3), c).unitsPastRow, undefined);
  assert.equal(unitsPastRow([...lines.slice(0, 3), mark('1/10', 195, 80)], c), false);
  assert.equal(unitsPastRow([...lines.slice(0, 3), mark('1/10', 255, 80)], c), false);
  // A row that holds its tenth under the `1/10` mark has nothing past it.
  const tenth = plainCounter('17232');
  assert.equal(unitsPastRow(lines, tenth), false);
  assert.equal(withMarkedDecimals(lines, tenth).decimals, 1);
});
