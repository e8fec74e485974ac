import { test } from 'node:test';
import assert from 'node:assert/strict';
import { halfNumerals, halvesContest } from '../../src/recognition/counter/half-numerals.js';
import { lineAt, wheelsAt } from './fixtures.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { readingVerdict } from '../../src/recognition/decision.js';
import { parseMeterText } from '../../src/recognition/parse/index.js';

// A rendered water row of 8 drums 70 px apart on y = 300, 54 px high, its last drum part way from 5
// to 6: the foot of its `5` at the top of the window, the head of its `6` at the bottom, each boxed
// apart by the detector (lines 8 and 9); lines 0 to 7 are the drums the row's cells came from.
const cells = [6, 1, 2, 4, 6, 4, 4, 2].map((digit, k) => ({ digit, score: 0.99, x: 200 + 70 * k, y: 300, u: 200 + 70 * k, line: k < 7 ? k : -1, followedBySeparator: false }));
const row = { cells, axis: [1, 0] as [number, number], pitch: 70, height: 54 };
const drums = cells.slice(0, 7).map((c) => lineAt(String(c.digit), c.x, c.y, 40, 50));

test('a digit boxed alone over a drum, off the row\'s line, read surely, is a part numeral; one on the line, unsure or a letter is not', () => {
  const halves = halfNumerals([...drums, lineAt('U', 690, 272, 48, 44), lineAt('6', 691, 329, 48, 54)], row);
  assert.deepEqual(halves, [{ x: 691, y: 329, digit: 6 }]);
  assert.deepEqual(halfNumerals([...drums, lineAt('6', 691, 302, 48, 54)], row), []);
  assert.deepEqual(halfNumerals([...drums, { ...lineAt('6', 691, 329, 48, 54), score: 0.8 }], row), []);
  // Between two drums, or past the window (small print below the row): no drum's.
  assert.deepEqual(halfNumerals([...drums, lineAt('6', 655, 329, 48, 54)], row), []);
  assert.deepEqual(halfNumerals([...drums, lineAt('6', 691, 360, 48, 30)], row), []);
  assert.deepEqual(halfNumerals([...drums, lineAt('3', 691, 340, 11, 17)], row), []);
});

test('a part numeral that is neither the digit given for its drum nor one next to it contests the row', () => {
  const halfNumeralsSeen = halfNumerals([...drums, lineAt('6', 691, 329, 48, 54)], row);
  const seen = { ...row, halfNumerals: halfNumeralsSeen };
  assert.equal(halvesContest(seen, '61246442'), true);
  assert.equal(halvesContest(seen, '61246445'), false);
  assert.equal(halvesContest(seen, '61246446'), false);
  assert.equal(halvesContest(seen, '61246447'), false);
  assert.equal(halvesContest({ ...row, halfNumerals: [{ x: 691, y: 329, digit: 0 }] }, '61246449'), false, '9 rolling to 0');
  assert.equal(halvesContest(row, '61246442'), false, 'none boxed');
});

test('a drum row a part numeral contests is withheld; the same row without it is read', () => {
  const digits = '61246442';
  const counter: CounterReading = {
    digits,
    decimals: 3,
    decimalSource: 'colour',
    value: 61246.442,
    minScore: 0.94,
    regular: true,
    cells: cells.map((c, k) => ({ ...c, score: k === 7 ? 0.94 : 0.99 })),
    redFractions: cells.map((_, k) => (k >= 5 ? 0.6 : 0)),
    redCores: cells.map((_, k) => (k >= 5 ? 0.3 : 0)),
    redBeyond: false,
    pitch: 70,
    height: 54,
    axis: [1, 0],
  };
  const noText = parseMeterText([], { width: 1000, height: 1000 });
  const wheels = wheelsAt([6, 1, 2, 4, 6, 4, 4, 2.4]);
  assert.equal(readingVerdict('water_cold', noText, counter, wheels).reading, 61246.442);
  const contested = { ...counter, halfNumerals: halfNumerals([...drums, lineAt('6', 691, 329, 48, 54)], row) };
  assert.deepEqual(readingVerdict('water_cold', noText, contested, wheels), { reading: null, why: 'drums: a part numeral boxed otherwise' });
});
