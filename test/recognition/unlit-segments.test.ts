import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import { compareUnlit, litWithin, unlitContests, unlitStrip, wipeFaintStrokes, type UnlitComparison } from '../../src/recognition/counter/unlit-segments.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';

test('a digit is within another when every one of its segments is the other one\'s', () => {
  for (let d = 0; d <= 9; d++) {
    assert.ok(litWithin(d, 8), `${d} within 8`);
    assert.ok(litWithin(d, d), `${d} within itself`);
  }
  for (const [lit, seen] of [[1, 7], [7, 3], [1, 0], [7, 9], [5, 6], [3, 9], [1, 4]]) assert.ok(litWithin(lit, seen), `${lit} within ${seen}`);
  for (const [lit, seen] of [[8, 0], [7, 1], [3, 7], [2, 3], [6, 5], [0, 9], [4, 1], [5, 3]]) assert.ok(!litWithin(lit, seen), `${lit} not within ${seen}`);
});

/** A grey strip (48 high): background 200, with vertical bars of the given darkness over its middle rows. */
function strip(width: number, bars: { x: number; w: number; level: number }[], light = false): RgbImage {
  const data = new Uint8Array(width * 48 * 3).fill(light ? 40 : 200);
  for (const b of bars) {
    for (let y = 8; y < 40; y++) for (let x = b.x; x < b.x + b.w; x++) data.fill(b.level, 3 * (y * width + x), 3 * (y * width + x) + 3);
  }
  return { data, width, height: 48 };
}

const at = (img: RgbImage, x: number, y = 24) => img.data[3 * (y * img.width + x)];

test('faint strokes are wiped into the background, lit ones kept dark, whatever the polarity', () => {
  // Lit strokes at contrast 180, unlit ones at 20 (a ninth of it).
  const dark = wipeFaintStrokes(strip(200, [{ x: 20, w: 8, level: 20 }, { x: 60, w: 8, level: 180 }, { x: 100, w: 8, level: 20 }]), 40);
  assert.ok(at(dark, 24) < 40, `lit stroke ${at(dark, 24)}`);
  assert.equal(at(dark, 64), 255);
  assert.equal(at(dark, 150), 255);
  const light = wipeFaintStrokes(strip(200, [{ x: 20, w: 8, level: 220 }, { x: 60, w: 8, level: 60 }], true), 40);
  assert.ok(at(light, 24) < 40, `lit stroke on a dark display ${at(light, 24)}`);
  assert.equal(at(light, 64), 255);
});

test('a display lit unevenly keeps its dimmer digits: the lit contrast is measured near each stroke', () => {
  // Glare: the right-hand digits' strokes have 60% of the left-hand ones' contrast, and no unlit stroke near them.
  const img = wipeFaintStrokes(strip(400, [{ x: 20, w: 8, level: 20 }, { x: 300, w: 8, level: 92 }, { x: 340, w: 8, level: 92 }]), 40);
  assert.ok(at(img, 304) < 60, `dimmer lit stroke ${at(img, 304)}`);
});

test('a display half in shadow keeps its shaded digits dark and its shadow\'s edge out, dark strokes on light all the same', () => {
  // Ground 200 in the light, 60 in the shadow over the left 60% (a soft edge 40 px wide); lit strokes at a
  // tenth of their ground, unlit ones at 0.9 of it.
  const width = 400;
  const ground = (x: number) => 60 + 140 * Math.min(1, Math.max(0, (x - 220) / 40));
  const data = new Uint8Array(width * 48 * 3);
  for (let y = 0; y < 48; y++) {
    for (let x = 0; x < width; x++) {
      const bar = y >= 8 && y < 40 && [20, 100, 300, 340].some((b) => x >= b && x < b + 8);
      const unlit = y >= 8 && y < 40 && [60, 380].some((b) => x >= b && x < b + 8);
      data.fill(Math.round(ground(x) * (bar ? 0.1 : unlit ? 0.9 : 1)), 3 * (y * width + x), 3 * (y * width + x) + 3);
    }
  }
  const img = wipeFaintStrokes({ data, width, height: 48 }, 40);
  for (const x of [24, 104, 304, 344]) assert.ok(at(img, x) < 60, `lit stroke at ${x}: ${at(img, x)}`);
  for (const x of [64, 384, 180, 240]) assert.equal(at(img, x), 255, `ground or unlit stroke at ${x}`);
});

function cells(digits: string, pitch = 60, offsets: number[] = []): DigitCell[] {
  return [...digits].map((d, i) => {
    const x = 100 + i * pitch + (offsets[i] ?? 0);
    return { digit: Number(d), score: 0.95, x, y: 50, u: x, line: 0, followedBySeparator: false };
  });
}

const row = (digits: string) => ({ cells: cells(digits), pitch: 60, axis: [1, 0] as [number, number] });
const digitsOf = (c: UnlitComparison) => ('cells' in c ? c.cells.map((k) => k.digit).join('') : '');

test('a re-read that only takes unlit segments away stands for the row, on the row\'s cells', () => {
  const first = row('94806');
  // A lit 1 sits on its cell's right-hand segments.
  const got = compareUnlit(first, cells('94106', 60, [0, 0, 18, 0, 0]));
  assert.equal(got.kind, 'fewer');
  assert.equal(digitsOf(got), '94106');
  if (got.kind === 'fewer') assert.deepEqual(got.cells.map((c) => c.x), first.cells.map((c) => c.x));
  assert.equal(compareUnlit(first, cells('94806')).kind, 'same');
});

test('blank leading digits read as 8s are left out; a lit digit left out, digits added or off their cells make the re-read unlike the row', () => {
  const read = cells('32479').map((c) => ({ ...c, x: c.x + 120, u: c.u + 120 }));
  const ghosts = compareUnlit(row('8832489'), read);
  assert.equal(ghosts.kind, 'fewer');
  assert.equal(digitsOf(ghosts), '32479');
  // Blank digits left out, every other digit as the first pass read it: the same row.
  const blanks = compareUnlit(row('8832479'), read);
  assert.equal(blanks.kind, 'same');
  assert.equal(digitsOf(blanks), '32479');
  // A leading 0 dropped would change nothing, but a dropped lit digit would: only 8s may go.
  assert.equal(compareUnlit(row('1832489'), read).kind, 'unlike');
  assert.equal(compareUnlit(row('9410'), cells('94106')).kind, 'unlike');
  assert.equal(compareUnlit(row('94806'), cells('94106', 60, [0, 0, 40, 0, 0])).kind, 'unlike');
  assert.equal(compareUnlit(row('94806'), []).kind, 'unlike');
});

test('a re-read digit with a segment the first pass\'s lacks is a lit segment the first pass missed', () => {
  assert.equal(compareUnlit(row('16342'), cells('76342')).kind, 'more');
  // An 8 where the first pass read a 0.
  assert.equal(compareUnlit(row('94106'), cells('94806')).kind, 'more');
});

test('a re-read contests the row where it takes a segment away or adds one, or leaves out a lead 8; not where it reads the row alike or unlike, or leaves out only lead 8s its signs show unlit', () => {
  const shifted = (digits: string, by: number) => cells(digits).map((c) => ({ ...c, x: c.x + by, u: c.u + by }));
  assert.equal(unlitContests(row('94806'), compareUnlit(row('94806'), cells('94106', 60, [0, 0, 18, 0, 0]))), true);
  assert.equal(unlitContests(row('16342'), compareUnlit(row('16342'), cells('76342'))), true);
  assert.equal(unlitContests(row('87209'), compareUnlit(row('87209'), shifted('7209', 60))), true, 'a lead 8 left out');
  assert.equal(unlitContests(row('94806'), compareUnlit(row('94806'), cells('94806'))), false);
  assert.equal(unlitContests(row('9410'), compareUnlit(row('9410'), cells('94106'))), false);
  // Lead 8s the row's own signs already show to be unlit, which the reading leaves out: no doubt.
  const blank = compareUnlit(row('88656'), shifted('656', 120));
  assert.equal(unlitContests(row('88656'), blank, 2), false);
  assert.equal(unlitContests(row('88656'), blank, 1), true, 'a lead 8 the signs took for lit');
});

test('the re-read strip runs along the row from a little before its first cell to a little past its last', () => {
  const r = unlitStrip({ cells: cells('12345'), pitch: 60, height: 80, axis: [1, 0] });
  assert.equal(r.cx, 220);
  assert.equal(r.cy, 50);
  assert.ok(r.width > 4 * 60 + 60 && r.width < 4 * 60 + 2 * 60, `width ${r.width}`);
  assert.equal(r.height, 80);
  assert.equal(r.angle, 0);
});
