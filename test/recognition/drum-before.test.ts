import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drumBefore, firstRowFloor, glyphBefore, glyphBoxedBefore, headStrip, leftOutDrums, leftOutFloor } from '../../src/recognition/counter/drum-before.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { evenRow, recognizedAt } from './fixtures.js';

const readAt = (strip: { cx: number; width: number }, text: string, xs: number[], scores = xs.map(() => 0.95)) => recognizedAt(strip, text, xs, scores);

/** A row of five cells 30 px apart (centres at x = 75 .. 195), 40 px high, the first drum missed. */
const row = evenRow('08678', 75);
/** No glyph boxed on its own before the row. */
const unboxed = () => null;
/** No cell before the row with the row's look (see drumLooksBefore). */
const noLook = () => false;

test('the head strip spans the drum a pitch before the row and its first two cells, half a pitch to spare', () => {
  const s = headStrip(row);
  assert.equal(s.width, 90);
  assert.equal(s.cx, 75);
  assert.equal(s.cy, 40);
  assert.equal(s.angle, 0);
  const upright = headStrip({ ...row, axis: [0, 1], cells: row.cells.map((c) => ({ ...c, x: 40, y: c.x })) });
  assert.equal(upright.cy, 75);
  assert.equal(Math.round(upright.angle * 1000), Math.round((Math.PI / 2) * 1000));
});

test('a digit a pitch before the row, followed by the row first digits where they are, is a left-out drum', () => {
  const s = headStrip(row);
  assert.equal(leftOutDrums(row, s, readAt(s, '108', [45, 75, 105])), 1);
  assert.equal(leftOutDrums(row, s, readAt(s, '008', [47, 75, 104])), 0);
  // Only the row's own digits: no drum there.
  assert.equal(leftOutDrums(row, s, readAt(s, '08', [75, 105])), null);
  // Not on the pitch (a frame edge half a pitch before the first cell), or not the row's digits.
  assert.equal(leftOutDrums(row, s, readAt(s, '108', [60, 75, 105])), null);
  assert.equal(leftOutDrums(row, s, readAt(s, '163', [45, 75, 105])), null);
  // One of the row's first two digits is enough to place the re-read: the row may have misread the other.
  assert.equal(leftOutDrums(row, s, readAt(s, '468', [45, 75, 105])), 4);
  assert.equal(leftOutDrums(row, s, readAt(s, '403', [45, 75, 105])), 4);
  assert.equal(leftOutDrums(row, s, readAt(s, '1m8', [45, 75, 105])), null);
  // A '1' there may be the window's frame or a bracket beside it: only a sure one is a drum.
  assert.equal(leftOutDrums(row, s, readAt(s, '108', [45, 75, 105], [0.84, 0.99, 0.99])), null);
  assert.equal(leftOutDrums(row, s, readAt(s, '708', [45, 75, 105], [0.84, 0.99, 0.99])), 7);
});

test('drumBefore reads the head strip once', async () => {
  const rects: unknown[] = [];
  const counter = row as unknown as CounterReading;
  const digit = await drumBefore(counter, async (r) => {
    rects.push(...r);
    return [readAt(r[0], '708', [45, 75, 105])];
  }, unboxed, noLook);
  assert.equal(digit, 7);
  assert.deepEqual(rects, [headStrip(row)]);
  assert.equal(await drumBefore(counter, async (r) => [readAt(r[0], '08', [75, 105])], unboxed, noLook), null);
});

test('a glyph other than a digit a pitch before the row, the row\'s first digits after it, has the head strip read again taller', async () => {
  const s = headStrip(row);
  assert.equal(glyphBefore(row, s, readAt(s, '-08', [45, 75, 105])), true);
  assert.equal(glyphBefore(row, s, readAt(s, '-38', [45, 75, 105])), true);
  // A digit there is the strip's to read; so is nothing there.
  assert.equal(glyphBefore(row, s, readAt(s, '108', [45, 75, 105])), false);
  assert.equal(glyphBefore(row, s, readAt(s, '08', [75, 105])), false);
  // Off the pitch, or not the row's first digits after it.
  assert.equal(glyphBefore(row, s, readAt(s, '-08', [60, 75, 105])), false);
  assert.equal(glyphBefore(row, s, readAt(s, '-35', [45, 75, 105])), false);
  assert.equal(glyphBefore(row, s, readAt(s, '-0m', [45, 75, 105])), false);
  const counter = row as unknown as CounterReading;
  const heights: number[] = [];
  const digit = await drumBefore(counter, async (r) => {
    heights.push(r[0].height);
    return [heights.length === 1 ? readAt(r[0], '-08', [45, 75, 105]) : readAt(r[0], '108', [45, 75, 105], [0.99, 0.99, 0.6])];
  }, unboxed, noLook);
  assert.equal(digit, 1);
  assert.deepEqual(heights, [headStrip(row).height, 68]);
  // Without the glyph, one read.
  heights.length = 0;
  assert.equal(await drumBefore(counter, async (r) => (heights.push(r[0].height), [readAt(r[0], '08', [75, 105])]), unboxed, noLook), null);
  assert.equal(heights.length, 1);
});

test('a left-out 0 may stand after further left-out drums: the strip is read again a drum further on', async () => {
  const counter = row as unknown as CounterReading;
  const rects: { width: number }[] = [];
  const left = await drumBefore(counter, async (r) => {
    rects.push(...r);
    return [r[0].width === headStrip(row).width ? readAt(r[0], '008', [45, 75, 105]) : readAt(r[0], '5008', [15, 45, 75, 105])];
  }, unboxed, noLook);
  assert.equal(left, 50);
  assert.deepEqual(rects, [headStrip(row), headStrip(row, 2)]);
  // Nothing more on that drum: the 0 stands (a leading zero, no floor).
  assert.equal(await drumBefore(counter, async (r) => [readAt(r[0], '008', [45, 75, 105])], unboxed, noLook), 0);
  // A lone unsure 1 there is the frame, as on the first drum before.
  assert.equal(await drumBefore(counter, async (r) => [r[0].width === headStrip(row).width ? readAt(r[0], '008', [45, 75, 105]) : readAt(r[0], '1008', [15, 45, 75, 105], [0.8, 0.95, 0.95, 0.95])], unboxed, noLook), 0);
  assert.equal(leftOutFloor({ digits: '17646', decimals: 1, drumBefore: 50 }), 500000);
});

test('a wider strip with nothing in its first place reads the drum right before the row again: another digit than the 0 there is a drum left out', async () => {
  const counter = row as unknown as CounterReading;
  const reads = (wider: string, scores = [0.92, 0.86, 0.58]) => async (r: { cx: number; width: number }[]) => [
    r[0].width === headStrip(row).width ? readAt(r[0], '008', [45, 75, 105], [0.38, 0.95, 0.95]) : readAt(r[0], wider, [45, 75, 105], scores),
  ];
  // An `8` at the window's edge, cut by the first strip and read `0` at 0.38, read whole as `8`.
  assert.equal(await drumBefore(counter, reads('808'), unboxed, noLook), 8);
  assert.equal(await drumBefore(counter, reads('008'), unboxed, noLook), 0);
  // Read there less surely than the first strip's 0, it says nothing.
  assert.equal(await drumBefore(counter, reads('808', [0.3, 0.86, 0.58]), unboxed, noLook), 0);
  // A 1 there must be sure, as in the first strip (the window's frame).
  assert.equal(await drumBefore(counter, reads('108', [0.8, 0.95, 0.95]), unboxed, noLook), 0);
  assert.equal(await drumBefore(counter, reads('108', [0.95, 0.95, 0.95]), unboxed, noLook), 1);
  // Off the row's pitch, or without the row's first digits after it, it says nothing.
  assert.equal(await drumBefore(counter, async (r) => [r[0].width === headStrip(row).width ? readAt(r[0], '008', [45, 75, 105], [0.38, 0.95, 0.95]) : readAt(r[0], '808', [58, 75, 105])], unboxed, noLook), 0);
  assert.equal(await drumBefore(counter, reads('835'), unboxed, noLook), 0);
});

test('a drum left out before the row sets the least reading the counter can show', () => {
  // `131567` with a red tenth, and a 9 read before it: at least 900000.0 kWh.
  assert.equal(leftOutFloor({ digits: '131567', decimals: 1, drumBefore: 9 }), 900000);
  assert.equal(leftOutFloor({ digits: '0867881', decimals: 3, drumBefore: 1 }), 10000);
  assert.equal(leftOutFloor({ digits: '0867881', decimals: 3, drumBefore: 0 }), 0);
  assert.equal(leftOutFloor({ digits: '0867881', decimals: 3, drumBefore: null }), 0);
  assert.equal(leftOutFloor(null), 0);
});

test('a second look may not read fewer whole drums than the regular drum row the first pass withheld', () => {
  const row = (digits: string, decimals: number, decimalSource: 'colour' | 'marks' | 'none' | 'point' = 'colour', regular = true, redBeyond = false) => ({ digits, decimals, decimalSource, regular, redBeyond });
  // `116181.5` withheld for one wheel: a second look's `181.5` lost drums.
  assert.equal(firstRowFloor(row('1161815', 1)), 10000);
  assert.equal(firstRowFloor(row('1161815', 1, 'marks')), 10000);
  // Leading zeros, and a leading 1 that may be the window's frame, are no drums to keep.
  assert.equal(firstRowFloor(row('00488914', 3)), 100);
  assert.equal(firstRowFloor(row('1048891', 2)), 100);
  assert.equal(firstRowFloor(row('0000', 1)), 0);
  // Rows without red drums or marks, or irregular ones, may be anything (a serial, a date).
  assert.equal(firstRowFloor(row('21533308', 0, 'none')), 0);
  // ... but a plain row right before red drums is a drum row short of them: `74133.2` lost a drum of `274133`.
  assert.equal(firstRowFloor(row('274133', 0, 'none', true, true)), 100000);
  assert.equal(firstRowFloor(row('1161815', 1, 'colour', false)), 0);
  // A water row with one red drum seen of its 3: the other two are no whole drums (`414.676`, far away).
  assert.equal(firstRowFloor(row('00214676', 1)), 10000);
  assert.equal(firstRowFloor(row('00214676', 1), 3), 100);
  assert.equal(firstRowFloor(row('00488914', 3), 3), 100);
  assert.equal(firstRowFloor(null), 0);
});

test('an unsure 1 a pitch before the row is a drum when a drum before it is read too', async () => {
  const counter = row as unknown as CounterReading;
  const reads = (wider: string, xs: number[], scores: number[]) => async (r: { cx: number; width: number }[]) => [
    r[0].width === headStrip(row).width ? readAt(r[0], '108', [45, 75, 105], [0.66, 0.95, 0.95]) : readAt(r[0], wider, xs, scores),
  ];
  assert.equal(await drumBefore(counter, reads('9108', [15, 45, 75, 105], [0.95, 0.66, 0.95, 0.95]), unboxed, noLook), 91);
  // Nothing before it: the frame, unless the detector boxed a glyph there.
  assert.equal(await drumBefore(counter, reads('108', [45, 75, 105], [0.66, 0.95, 0.95]), unboxed, noLook), null);
  assert.equal(await drumBefore(counter, reads('108', [45, 75, 105], [0.66, 0.95, 0.95]), () => 'L', noLook), 1);
  // Or unless the cell there looks like the row's drums; that look weighs only an unsure 1.
  assert.equal(await drumBefore(counter, reads('108', [45, 75, 105], [0.66, 0.95, 0.95]), unboxed, () => true), 1);
  assert.equal(await drumBefore(counter, reads('108', [45, 75, 105], [0.66, 0.95, 0.95]), unboxed, () => false), null);
  // Such a 1 may be boxed round its foot, lower than other glyphs must be.
  const footBox = (least: number) => glyphBoxedBefore([{ text: 'L', box: [[37, 30], [57, 30], [57, 52], [37, 52]] }], row, least);
  assert.equal(await drumBefore(counter, reads('108', [45, 75, 105], [0.66, 0.95, 0.95]), footBox, noLook), 1);
  // A digit boxed there that the re-read did not place on the pitch is that drum; other glyphs are none.
  const offPitch = async (r: { cx: number; width: number }[]) => [readAt(r[0], '108', [58, 75, 105])];
  assert.equal(await drumBefore(counter, offPitch, () => '9', noLook), 9);
  assert.equal(await drumBefore(counter, offPitch, () => '-', noLook), null);
  assert.equal(await drumBefore(counter, offPitch, unboxed, noLook), null);
  assert.equal(await drumBefore(counter, offPitch, unboxed, () => true), null);
  const lowNine = (least: number) => glyphBoxedBefore([{ text: '9', box: [[37, 30], [57, 30], [57, 52], [37, 52]] }], row, least);
  assert.equal(await drumBefore(counter, offPitch, lowNine, noLook), null);
});

test('a glyph boxed on its own a pitch before the row, of the row\'s height, is where a drum would be', () => {
  // The row's cells sit 30 px apart from x = 75, 40 px high, centred at y = 40.
  const box = (cx: number, cy: number, w: number, h: number) => ({ text: '1', box: [[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2], [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]] as [number, number][] });
  assert.equal(glyphBoxedBefore([box(47, 41, 20, 34)], row), '1');
  // Not there, not of the row's height, or a whole line reaching into the row.
  assert.equal(glyphBoxedBefore([box(32, 40, 20, 34)], row), null);
  assert.equal(glyphBoxedBefore([box(45, 60, 20, 34)], row), null);
  assert.equal(glyphBoxedBefore([box(45, 40, 20, 15)], row), null);
  assert.equal(glyphBoxedBefore([box(45, 40, 20, 22)], row), null);
  assert.equal(glyphBoxedBefore([box(45, 40, 20, 22)], row, 0.5), '1');
  assert.equal(glyphBoxedBefore([box(45, 40, 120, 40)], row), null);
  assert.equal(glyphBoxedBefore([], row), null);
});
