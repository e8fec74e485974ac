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
  // 273 px: 1.6 pitches past the last cell (x 225), 5.6 past the first.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '40788.1', [...xs, 240, 273], sure(7))), 5.6);
  assert.notEqual(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 256], sure(6))), null);
  // Too near to be a digit of its own, too far (beyond the reach), or an unsure `1` (the frame).
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 238], sure(6))), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407886', [...xs, 280], sure(6))), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407881', [...xs, 256], [...sure(5), 0.6])), null);
  // Any other digit read unsurely there: the unit's first letter (`kWh`'s `k` read as `0` at 0.38).
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407880wh', [...xs, 256, 265, 270], [...sure(5), 0.38, 0.2, 0.2])), null);
  // A unit past the row, two more digits, the row's digits not found, or found twice.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '40788kWh', [...xs, 250, 260, 270])), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '4078861', [...xs, 256, 270])), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '407866', [...xs, 256])), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '4078840788', [45, 50, 55, 60, 65, ...xs])), null);
});

test('a digit a pitch or so before the first is one the row left out, unless a leading 0', () => {
  assert.notEqual(digitPastEnds(row, strip, readAt(strip, '940788', [62, ...xs], sure(6))), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '040788', [62, ...xs], sure(6))), null);
  assert.equal(digitPastEnds(row, strip, readAt(strip, '940788', [90, ...xs], sure(6))), null);
  // Two digits before: another number (a register code) ends there, not a left-out digit.
  assert.equal(digitPastEnds(row, strip, readAt(strip, '3940788', [50, 62, ...xs], sure(7))), null);
  assert.notEqual(digitPastEnds(row, strip, readAt(strip, 'T940788', [50, 62, ...xs], sure(7))), null);
});

test('digitPastEnd reads the strip once, and takes no digit there that is as faint as unlit segments', async () => {
  const rects: unknown[] = [];
  const counter = row as unknown as CounterReading;
  const places: { x: number; y: number }[] = [];
  const found = await digitPastEnd(
    counter,
    async (r) => {
      rects.push(...r);
      return [readAt(r[0], '407886', [...xs, 256])];
    },
    (centre) => (places.push(centre), false),
  );
  assert.equal(found, true);
  assert.deepEqual(rects, [strip]);
  // The digit's place, asked about in image coordinates: x 256 on the row's line.
  assert.equal(places.length, 1);
  assert.ok(Math.abs(places[0].x - 256) < 1e-6 && places[0].y === 40, JSON.stringify(places[0]));
  // A blank digit's ghost `8` before the row, read at full confidence, is no digit.
  assert.equal(await digitPastEnd(counter, async (r) => [readAt(r[0], '840788', [62, ...xs])], () => true), false);
  assert.equal(await digitPastEnd(counter, async (r) => [readAt(r[0], '40788', xs)], () => false), false);
});
