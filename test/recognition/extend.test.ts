import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extendRedTail, redTailCentres } from '../../src/recognition/counter/extend.js';
import { readCounter } from '../../src/recognition/counter/reader.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';

/** A grey strip with `black` plain cells followed by `red` red cells, 30 px pitch, 40 px high. */
function strip(black: number, red: number): RgbImage {
  const width = 30 * (black + red + 2);
  const height = 80;
  const data = new Uint8Array(width * height * 3).fill(200);
  for (let x = 30 * (black + 1); x < 30 * (black + red + 1); x++) {
    for (let y = 20; y < 60; y++) data.set([200, 30, 30], (y * width + x) * 3);
  }
  return { data, width, height };
}

const cells = (digits: string): DigitCell[] =>
  [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: 45 + 30 * i, y: 40, u: 45 + 30 * i, line: 0, followedBySeparator: false }));

function counterOn(img: RgbImage, digits: string) {
  const c = readCounter(img, { cells: cells(digits), axis: [1, 0], height: 40, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(c);
  return c;
}

test('redTailCentres finds the red drums the OCR left out, and stops at the first plain cell', () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  const tail = redTailCentres(img, c);
  assert.deepEqual(tail.map((p) => Math.round(p.x)), [195, 225, 255]);
  assert.deepEqual(redTailCentres(strip(5, 0), counterOn(strip(5, 0), '00488')), []);
});

test('extendRedTail adds the re-read digits as fractional drums only when the re-read starts with the last two digits of the row', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  // A fake re-read whose characters sit on consecutive cells of the 5-cell rectangle (one CTC step per cell).
  const rec = (text: string, cellsOf = [...text].map((_, i) => i)) => async () => [
    { text, score: 0.9, charScores: [...text].map(() => 0.9), charSteps: cellsOf, steps: 5, cropWidth: 5, inputWidth: 5 },
  ];
  const ext = await extendRedTail(img, c, rec('88675'));
  assert.equal(ext.digits, '00488675');
  assert.equal(ext.decimals, 3);
  assert.equal(ext.decimalSource, 'colour');
  // The re-read may stop before the last red cell (red paint past the drums).
  const short = await extendRedTail(img, c, rec('886'));
  assert.equal(short.digits, '004886');
  assert.equal(short.decimals, 1);
  assert.equal((await extendRedTail(img, c, rec('98675'))).digits, '00488');
  assert.equal((await extendRedTail(img, c, rec('88'))).digits, '00488');
  assert.equal((await extendRedTail(img, c, rec('886751'))).digits, '00488');
  // '8' '8' then '7' on the fourth cell: the third cell was skipped.
  assert.equal((await extendRedTail(img, c, rec('887', [0, 1, 3]))).digits, '00488');
});
