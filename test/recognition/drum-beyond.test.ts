import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beyondStrip, drumBeyond, furtherDrumAt, furtherDrumRead, rowGoesOn } from '../../src/recognition/counter/drum-beyond.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { evenRow, recognizedAt as readAt } from './fixtures.js';

/** A row of five cells 30 px apart (centres at x = 45 .. 165), 40 px high. */
const row = evenRow('10895', 45);


test('the re-read strip runs from just before the first cell to a pitch and a half past the last, along the row', () => {
  const s = beyondStrip(row);
  assert.equal(s.width, 120 + 0.6 * 30 + 1.5 * 30);
  assert.equal(s.cx, (45 - 18 + 165 + 45) / 2);
  assert.equal(s.cy, 40);
  assert.equal(s.angle, 0);
  const tilted = beyondStrip({ ...row, axis: [0, 1], cells: row.cells.map((c) => ({ ...c, x: 40, y: c.x })) });
  assert.equal(Math.round(tilted.angle * 1000), Math.round((Math.PI / 2) * 1000));
});

test('one more digit a pitch past the row is a further drum; anything else is not', () => {
  const s = beyondStrip(row);
  const xs = [45, 75, 105, 135, 165];
  assert.equal(furtherDrumRead(row, s, readAt(s, '108956', [...xs, 196])), true);
  // It lies 31 px, about a pitch, past the last cell's centre.
  const past = furtherDrumAt(row, s, readAt(s, '108956', [...xs, 196]));
  assert.ok(past !== null && Math.abs(past - 31 / 30) < 0.1, `past ${past}`);
  assert.equal(furtherDrumAt(row, s, readAt(s, '10895', xs)), null);
  // The further drum read unsurely (a rolling tenth) still counts; it is not part of the reading.
  assert.equal(furtherDrumRead(row, s, readAt(s, '108950', [...xs, 193], [0.9, 0.9, 0.9, 0.9, 0.9, 0.25])), true);
  // Too close to be a drum of its own, or too far (a screw, a mark beyond the register).
  assert.equal(furtherDrumRead(row, s, readAt(s, '108956', [...xs, 178])), false);
  assert.equal(furtherDrumRead(row, s, readAt(s, '108956', [...xs, 210])), false);
  // Only the row's digits, a unit, a different row, or two more digits.
  assert.equal(furtherDrumRead(row, s, readAt(s, '10895', xs)), false);
  assert.equal(furtherDrumRead(row, s, readAt(s, '10895k', [...xs, 196])), false);
  assert.equal(furtherDrumRead(row, s, readAt(s, '108966', [...xs, 196])), false);
  assert.equal(furtherDrumRead(row, s, readAt(s, '1089567', [...xs, 190, 200])), false);
  // A '1' right past the row may be the next window's frame: only a sure one counts.
  assert.equal(furtherDrumRead(row, s, readAt(s, '108951', [...xs, 196], [0.9, 0.9, 0.9, 0.9, 0.9, 0.6])), false);
  assert.equal(furtherDrumRead(row, s, readAt(s, '108951', [...xs, 196], [0.9, 0.9, 0.9, 0.9, 0.9, 0.95])), true);
});

test('two more digits past the row, the second surely and a second pitch on: the row goes on past its further drum', () => {
  // The strip reaches 2.6 pitches past the last cell (x 165): to x 243.
  const s = { ...beyondStrip(row), width: 120 + 0.6 * 30 + 2.6 * 30, cx: (45 - 18 + 165 + 78) / 2 };
  const xs = [45, 75, 105, 135, 165];
  assert.equal(rowGoesOn(row, s, readAt(s, '1089599', [...xs, 195, 225])), true);
  assert.equal(rowGoesOn(row, s, readAt(s, '10895999', [...xs, 195, 225, 240])), true);
  // The second read unsurely (a window's edge, the plate's marks), too near, or no digit.
  assert.equal(rowGoesOn(row, s, readAt(s, '1089504', [...xs, 195, 225], [0.9, 0.9, 0.9, 0.9, 0.9, 0.25, 0.16])), false);
  assert.equal(rowGoesOn(row, s, readAt(s, '1089599', [...xs, 195, 205])), false);
  assert.equal(rowGoesOn(row, s, readAt(s, '108959-', [...xs, 195, 225])), false);
  assert.equal(rowGoesOn(row, s, readAt(s, '108959', [...xs, 195])), false);
});

test('drumBeyond reads the strip, and when it finds a further drum, a longer one; the row must end there, and it says where that drum lies', async () => {
  const counter = row as unknown as CounterReading;
  const reads = (texts: [string, number[]][]) => {
    const rects: unknown[] = [];
    const recognize = async (r: Parameters<typeof readAt>[0][]) => {
      rects.push(...r);
      const [text, xs] = texts[rects.length - 1];
      return [readAt(r[0], text, xs)];
    };
    return { rects, recognize };
  };
  const xs = [45, 75, 105, 135, 165];
  const ends = reads([['108956', [...xs, 196]], ['108956', [...xs, 196]]]);
  const past = await drumBeyond(counter, ends.recognize as never);
  // Pitches past the last cell: its digit's offset in the strip (see furtherDrumAt).
  assert.ok(past !== null && past >= 0.6 && past <= 1.4, `past ${past}`);
  assert.equal(ends.rects.length, 2);
  assert.deepEqual(ends.rects[0], beyondStrip(row));
  const goesOn = reads([['108956', [...xs, 196]], ['1089567', [...xs, 196, 226]]]);
  assert.equal(await drumBeyond(counter, goesOn.recognize as never), null);
  const none = reads([['10895', xs]]);
  assert.equal(await drumBeyond(counter, none.recognize as never), null);
  assert.equal(none.rects.length, 1);
});
