import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digitPastEnd, digitsPastEnds, endsStrip } from '../../src/recognition/counter/digit-past-ends.js';
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
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '40788.1', [...xs, 240, 273], sure(7))), [5.6]);
  assert.equal(digitsPastEnds(row, strip, readAt(strip, '407886', [...xs, 256], sure(6))).length, 1);
  // Too near to be a digit of its own, too far (beyond the reach), or an unsure `1` (the frame).
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407886', [...xs, 238], sure(6))), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407886', [...xs, 280], sure(6))), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407881', [...xs, 256], [...sure(5), 0.6])), []);
  // Any other digit read unsurely there: the unit's first letter (`kWh`'s `k` read as `0` at 0.38).
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407880wh', [...xs, 256, 265, 270], [...sure(5), 0.38, 0.2, 0.2])), []);
  // A unit past the row, two more digits, the row's digits not found, or found twice.
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '40788kWh', [...xs, 250, 260, 270])), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '4078861', [...xs, 256, 270])), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407866', [...xs, 256])), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '4078840788', [45, 50, 55, 60, 65, ...xs])), []);
});

test('a digit a pitch or so before the first is one the row left out, unless a leading 0', () => {
  assert.equal(digitsPastEnds(row, strip, readAt(strip, '940788', [62, ...xs], sure(6))).length, 1);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '040788', [62, ...xs], sure(6))), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '940788', [90, ...xs], sure(6))), []);
  // A little farther before the row than past it (a display's first digit boxed apart), not two pitches.
  assert.equal(digitsPastEnds(row, strip, readAt(strip, '940788', [105 - 1.81 * 30, ...xs], sure(6))).length, 1);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '940788', [105 - 1.95 * 30, ...xs], sure(6))), []);
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '407886', [...xs, 225 + 1.81 * 30], sure(6))), []);
  // Two digits before: another number (a register code) ends there, not a left-out digit.
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '3940788', [50, 62, ...xs], sure(7))), []);
  assert.equal(digitsPastEnds(row, strip, readAt(strip, 'T940788', [50, 62, ...xs], sure(7))).length, 1);
});

test("the row's digits are found where the re-read took unlit segments for lit ones, and then only once", () => {
  // `40788` re-read `48788` (its 0 with the unlit middle bar read as an 8), a `1` a pitch past it.
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '487881', [...xs, 256], sure(6))).length, 1);
  // A `9` holds no 0: no row there.
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '497881', [...xs, 256], sure(6))), []);
  // All 8s hold any row, in more places than one.
  assert.deepEqual(digitsPastEnds(row, strip, readAt(strip, '8888881', [75, ...xs, 256], sure(7))), []);
});

test("blank digits' ghost 8s before the row do not hide it: it stands where the fewest of its digits were read otherwise", () => {
  // A glared gas display's `15.55` re-read `8.8.85.558`: the ghosts and the `1` hold `1555` three
  // ways, once with only the `1` read as an 8; its last `1`, in the glare, read `8` a pitch past it.
  const short = evenRow('1555', 105);
  const wide = endsStrip(short);
  const places = digitsPastEnds(short, wide, readAt(wide, '8885558', [45, 75, 105, 135, 165, 195, 226], sure(7)));
  assert.deepEqual(places.map((at) => Math.round(at)), [4]);
});

test('a blank digit\'s ghost `8` before the row does not hide a digit read past its end', async () => {
  // A heat meter's `194298`, its `1` read `8` with the ghost before it, and its last `1` in a glare.
  const counter = evenRow('194298', 105) as unknown as CounterReading;
  const wide = endsStrip(counter);
  const at = [75, 105, 135, 165, 195, 225, 255, 286];
  const faint = (centre: { x: number; y: number }) => centre.x < 105;
  assert.equal(digitsPastEnds(counter, wide, readAt(wide, '88942981', at, sure(8))).length, 2);
  assert.equal(await digitPastEnd(counter, async (r) => [readAt(r[0], '88942981', at, sure(8))], faint), true);
  assert.equal(await digitPastEnd(counter, async (r) => [readAt(r[0], '8894298', at.slice(0, 7), sure(7))], faint), false);
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
