import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digitPastEnd, digitPastEnds, endsStrip } from '../../src/recognition/counter/digit-past-ends.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { evenRow, recognizedAt as readAt } from './fixtures.js';

/** A row of five cells 30 px apart (centres at x = 105 .. 225), 40 px high. */
const row = evenRow('40788', 105);
const xs = [105, 135, 165, 195, 225];
const strip = endsStrip(row);
const sure = (n: number) => Array.from({ length: n }, () => 0.95);

test('the strip reaches two pitches past either end of the row', () => {
  assert.equal(strip.width, 120 + 4 * 30);
  assert.equal(strip.cx, 165);
  assert.equal(strip.height, 40 * 1.15);
});

test("a digit a pitch or so past the row's last digit, a point read before it or not, is one the row left out", () => {
  // A `1` on its cell's right-hand segments, 1.6 pitches past the last cell the OCR placed.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '40788.1', [...xs, 240, 273], sure(7))), true);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 256], sure(6))), true);
  // Too near to be a digit of its own, too far (beyond the reach), or an unsure `1` (the frame).
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 238], sure(6))), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 280], sure(6))), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407881', [...xs, 256], [...sure(5), 0.6])), false);
  // A unit past the row, two more digits, the row's digits not found, or found twice.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '40788kWh', [...xs, 250, 260, 270])), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '4078861', [...xs, 256, 270])), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407866', [...xs, 256])), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '4078840788', [45, 50, 55, 60, 65, ...xs])), false);
});

test('a digit a pitch or so before the first is one the row left out, unless a leading 0', () => {
  assert.equal(digitPastEnds(row, strip, readAt(strip, '940788', [62, ...xs], sure(6))), true);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '040788', [62, ...xs], sure(6))), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '940788', [90, ...xs], sure(6))), false);
  // Two digits before: another number (a register code) ends there, not a left-out digit.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '3940788', [50, 62, ...xs], sure(7))), false);
  assert.equal(digitPastEnds(row, strip, readAt(strip, 'T940788', [50, 62, ...xs], sure(7))), true);
});

test('digitPastEnd reads the strip once and judges what it read', async () => {
  const rects: unknown[] = [];
  const counter = row as unknown as CounterReading;
  const found = await digitPastEnd(counter, async (r) => {
    rects.push(...r);
    return [readAt(r[0], '407886', [...xs, 256])];
  });
  assert.equal(found, true);
  assert.deepEqual(rects, [strip]);
  assert.equal(await digitPastEnd(counter, async (r) => [readAt(r[0], '40788', xs)]), false);
});
