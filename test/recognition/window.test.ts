import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digitsPastWord, findCounterWindows, gluedToWord, lineDigits } from '../../src/recognition/counter/window.js';
import { readCounter } from '../../src/recognition/counter/reader.js';
import type { OcrLineDetail } from '../../src/recognition/ocr/engine.js';
import { rectCorners, type RotatedRect } from '../../src/recognition/ocr/geometry.js';
import type { RecognizedCrop } from '../../src/recognition/ocr/recognizer.js';

/** A line whose characters sit one CTC step (10 px of a 10-step-wide box) apart. */
function line(text: string, cx = 200, cy = 100, height = 30): OcrLineDetail {
  const n = [...text].length;
  const rect: RotatedRect = { cx, cy, width: 10 * n, height, angle: 0 };
  const rec: RecognizedCrop = { text, score: 0.97, charScores: [...text].map(() => 0.97), charSteps: [...text].map((_, i) => i), steps: n, cropWidth: n, inputWidth: n };
  return { text, score: 0.97, box: rectCorners(rect), charScores: rec.charScores, rect, rec };
}

test('a drum row read with a leading look-alike of 0 keeps that drum, as an unsure 0', () => {
  const cells = lineDigits(line('U3279892-m'), 0);
  assert.equal(cells.map((c) => c.digit).join(''), '03279892');
  assert.equal(cells[0].score, 0.5);
  assert.equal(cells[1].score, 0.97);
  // Evenly spaced with the other drums.
  assert.ok(Math.abs(cells[1].x - cells[0].x - 10) < 1e-9);
});

test('letters inside words or before non-digits are not zeros', () => {
  assert.equal(lineDigits(line('NO12345'), 0).map((c) => c.digit).join(''), '12345');
  assert.equal(lineDigits(line('OXTA 00550'), 0).map((c) => c.digit).join(''), '00550');
  assert.equal(lineDigits(line('Qn1,5'), 0).map((c) => c.digit).join(''), '15');
});

test('digit lines on one row join into one counter window, the tallest digit-only row first', () => {
  const windows = findCounterWindows([line('004', 100, 100, 40), line('88', 160, 101, 40), line('12-1533308', 200, 30, 20)]);
  assert.equal(windows[0].cells.map((c) => c.digit).join(''), '00488');
});

test("a one-drum line read with its window's edge (`2]`) joins its row: the edge is no text", () => {
  const windows = findCounterWindows([line('97', 100, 100, 40), line('2]', 120, 100, 40), line('91020', 155, 100, 40)]);
  assert.equal(windows[0].cells.map((c) => c.digit).join(''), '97291020');
  // Other marks still count as text: `0!` is no digit line.
  const marked = findCounterWindows([line('97', 100, 100, 40), line('0!', 120, 100, 40), line('91020', 155, 100, 40)]);
  assert.equal(marked[0].cells.map((c) => c.digit).join(''), '9791020');
});

test('a unit after the digits ends the row: its exponent is not a drum', () => {
  assert.equal(lineDigits(line('l02669.587m30'), 0).map((c) => c.digit).join(''), '02669587');
  assert.equal(lineDigits(line('T1 012345kWh'), 0).map((c) => c.digit).join(''), '1012345');
});

test('two digit lines that overlap along the row join even when one box is much taller (a red drum frame)', () => {
  // '013' and '34149' share the drum at x = 125; the second box is 1.5 times as tall.
  const windows = findCounterWindows([line('013', 115, 100, 40), line('34149', 145, 102, 60)]);
  assert.deepEqual(windows[0].lineIndexes, [0, 1]);
  assert.equal(windows[0].cells.map((c) => c.digit).join(''), '01334149');
  // Lines that only sit side by side keep the stricter height rule.
  const apart = findCounterWindows([line('013', 115, 100, 40), line('34149', 175, 102, 60)]);
  assert.deepEqual(apart[0].lineIndexes, [1]);
});

/** A lone drum's line on the row's level (y = 100, 40 px high), its box turned by `angle`. */
function turned(text: string, cx: number, angle: number): OcrLineDetail {
  const l = line(text, cx, 100, 40);
  return { ...l, rect: { ...l.rect, angle } };
}

test("a lone drum's box turned well off the row's axis gives its digit unsurely; a quarter turn does not count", () => {
  // A red 7 boxed alone at 41 degrees and read as a sure `1`: the CNN must be able to veto it.
  const skewed = findCounterWindows([line('7544', 100, 100, 40), turned('1', 135, 0.72), line('90', 150, 100, 40)]);
  assert.equal(skewed[0].cells.map((c) => c.digit).join(''), '7544190');
  assert.deepEqual(skewed[0].cells.map((c) => c.score), [0.97, 0.97, 0.97, 0.97, 0.5, 0.97, 0.97]);
  // A glyph's box taken a quarter turn round, or turned a little (a slanted photo), keeps its score.
  for (const angle of [Math.PI / 2, -Math.PI / 2 + 0.1, 0.2]) {
    const kept = findCounterWindows([line('7544', 100, 100, 40), turned('1', 135, angle), line('90', 150, 100, 40)]);
    assert.equal(kept[0].cells[4].score, 0.97, String(angle));
  }
});

test("a lone drum's box turned well off the row's axis is no guide to where the row goes on: the row's longest line is", () => {
  // A gas face's red `7` boxed alone 30 degrees off, the `6` a pitch on boxed level: one row.
  const row = findCounterWindows([line('45420', 100, 100, 40), turned('1', 150, 0.52), line('6', 200, 100, 40)]);
  assert.equal(row[0].cells.map((c) => c.digit).join(''), '4542016');
  // A glyph a pitch on off the row's line still starts no part of it.
  const off = findCounterWindows([line('45420', 100, 100, 40), turned('1', 150, 0.52), line('6', 200, 125, 40)]);
  assert.equal(off[0].cells.map((c) => c.digit).join(''), '454201');
});

test('digitsPastWord counts a model code\'s digits past its letter, not a unit\'s exponent', () => {
  assert.equal(digitsPastWord('2023F189-8'), 4);
  assert.equal(digitsPastWord('12345m3'), 0);
  assert.equal(digitsPastWord('00123.456 M3'), 0);
  assert.equal(digitsPastWord('0123.4kWh'), 0);
  assert.equal(digitsPastWord('O0123'), 0);
  assert.equal(digitsPastWord('G4 2019'), 0);
});

test('digits glued to a word of two letters or more are a name, no counter row', () => {
  assert.equal(gluedToWord('PT1000'), true);
  assert.equal(gluedToWord('RPT95261'), true);
  // One letter (an LCD's `T1` run into its register) or a drum's 0 read as a letter is no word.
  assert.equal(gluedToWord('T1012345'), false);
  assert.equal(gluedToWord('DO12345'), false);
  assert.equal(gluedToWord('PT 1000'), false);
  assert.equal(gluedToWord('00488715'), false);
  // A heat meter's probe tag `PT1000` is no register of 1000.
  assert.equal(findCounterWindows([line('PT1000')]).length, 0);
  assert.equal(findCounterWindows([line('T1000')]).length, 1);
});

test('a digit boxed apart in a gap between two cells of the row, too short to join it, marks the row', () => {
  // `34`, a lone `7` boxed to its glyph (half the row's height), and `142892` whose `1` is read on
  // the 7's right edge: the row's cells at 90, 100, 115, 125 ... keep their pitch across that 1.
  const rest = line('142892', 140, 100, 40);
  const marked = findCounterWindows([line('34', 95, 100, 40), line('7', 110, 100, 20), rest]);
  assert.equal(marked[0].cells.map((c) => c.digit).join(''), '34142892');
  assert.equal(marked[0].gapBoxed, true);
  const grey = { data: new Uint8Array(300 * 200 * 3).fill(200), width: 300, height: 200 };
  assert.equal(readCounter(grey, marked[0])?.regular, false);
  assert.equal(readCounter(grey, findCounterWindows([line('34', 95, 100, 40), rest])[0])?.regular, true);
  // Without it, off the row's axis, or over a cell (a second read of that drum): no mark.
  for (const seven of [[], [line('7', 110, 140, 20)], [line('7', 101, 100, 20)]]) {
    assert.equal(findCounterWindows([line('34', 95, 100, 40), ...seven, rest])[0].gapBoxed, undefined);
  }
});

test("drums boxed one by one, each box level, in a row held askew: the row's axis runs through their centres", () => {
  const slope = Math.tan((8 * Math.PI) / 180);
  const drums = [...'41201258'].map((d, i) => line(d, 100 + 40 * i, 100 + 40 * i * slope, 30));
  const [w] = findCounterWindows(drums);
  assert.equal(w.cells.map((c) => c.digit).join(''), '41201258');
  assert.ok(Math.abs(Math.atan2(w.axis[1], w.axis[0]) - Math.atan(slope)) < 1e-6, `axis ${w.axis}`);
  // A long box gives the row's axis as before; so do glyph boxes off any one line (a zigzag).
  assert.deepEqual(findCounterWindows([line('41201258', 200, 100, 30)])[0].axis, [1, 0]);
  const zigzag = [...'41201258'].map((d, i) => line(d, 100 + 40 * i, 100 + (i % 2) * 10, 30));
  assert.deepEqual(findCounterWindows(zigzag)[0].axis, [1, 0]);
});

test('drums boxed one by one on a level row, one read with its window\'s edges and two boxes turned apart: level, and no box skewed', () => {
  // A rendered `7236038`: its `7` boxed 9 degrees one way, its `6` 13 degrees the other, its `0` read `[0]`.
  const angles: Record<number, number> = { 0: -0.154, 3: 0.23 };
  const drums = [...'7236038'].map((d, i) => {
    const l = line(i === 4 ? '[0]' : d, 100 + 66 * i, 253, 48);
    return { ...l, rect: { ...l.rect, angle: angles[i] ?? 0 } };
  });
  const [w] = findCounterWindows(drums);
  assert.equal(w.cells.map((c) => c.digit).join(''), '7236038');
  assert.deepEqual(w.axis, [1, 0]);
  assert.ok(w.cells.every((c) => c.score === 0.97), `scores ${w.cells.map((c) => c.score)}`);
});
