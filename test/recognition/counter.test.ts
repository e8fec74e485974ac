import { test } from 'node:test';
import assert from 'node:assert/strict';
import { regularise, trailingRedRun } from '../../src/recognition/counter/reader.js';
import { combineDigits, snapPosition } from '../../src/recognition/counter/combine.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';

const cell = (digit: number, u: number): DigitCell => ({ digit, score: 0.99, x: u, y: 0, u, line: 0, followedBySeparator: false });

test('regularise drops a frame edge read as a digit before an evenly spaced row', () => {
  const cells = [cell(1, 0), ...[0, 0, 4, 8, 8].map((d, i) => cell(d, 40 + i * 25))];
  const r = regularise(cells, 25);
  assert.equal(r.cells.map((c) => c.digit).join(''), '00488');
  assert.equal(r.regular, true);
});

test('regularise flags a row with a missing digit as irregular', () => {
  const cells = [0, 25, 50, 100, 125].map((u, i) => cell(i, u));
  assert.equal(regularise(cells, 25).regular, false);
});

test('trailingRedRun counts the red fractional drums only when they form the tail', () => {
  assert.equal(trailingRedRun([0, 0.01, 0, 0, 0.02, 0.5, 0.4, 0.45]), 3);
  assert.equal(trailingRedRun([0, 0.3, 0, 0, 0.02, 0.5, 0.4, 0.45]), 0);
  assert.equal(trailingRedRun([0.2, 0.2, 0.2, 0.25]), 0);
  assert.equal(trailingRedRun([0, 0, 0, 0]), 0);
});

function counter(digits: string): CounterReading {
  const cells = [...digits].map((d, i) => cell(Number(d), i * 20));
  return { digits, decimals: 0, decimalSource: 'colour', value: 0, minScore: 1, regular: true, cells, redFractions: [], redBeyond: false, pitch: 20, height: 30, axis: [1, 0] };
}

test('combineDigits accepts CNN jitter, half-rolled wheels, and counts real disagreements', () => {
  assert.equal(snapPosition(3.8), 4);
  assert.equal(snapPosition(9.9), 0);
  const wheels = (positions: number[]) => ({ positions, digits: [], confidences: [] });
  assert.deepEqual(combineDigits(counter('0134'), wheels([0.1, 0.9, 2.9, 3.8])), { digits: '0134', disagreements: 0 });
  // Last wheel half way between 8 and 9: the lower digit, whatever the OCR said.
  assert.deepEqual(combineDigits(counter('0239'), wheels([0, 2, 3, 8.5])), { digits: '0238', disagreements: 0 });
  assert.equal(combineDigits(counter('0134'), wheels([0, 1, 7, 4])).disagreements, 1);
});
