import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeRereads, rereadStrips, ROW_REREADS } from '../../src/recognition/counter/row-reread.js';
import { REREAD_LINE, type DigitCell } from '../../src/recognition/counter/window.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { readingVerdict } from '../../src/recognition/decision.js';
import { parseMeterText } from '../../src/recognition/parse/index.js';
import { wheelsAt } from './fixtures.js';

/** A 6+1 electricity drum row on a 40 px pitch, its cells read at `scores` (0.98 by default). */
function row(digits: string, scores: number[] = []): CounterReading {
  const cells = [...digits].map((d, i) => ({ digit: Number(d), score: scores[i] ?? 0.98, x: 100 + 40 * i, y: 100, u: 100 + 40 * i, line: 0, followedBySeparator: false }));
  return {
    digits,
    decimals: 1,
    decimalSource: 'colour',
    value: Number(digits) / 10,
    minScore: Math.min(...cells.map((c) => c.score)),
    regular: true,
    cells,
    redFractions: cells.map((_, i) => (i === cells.length - 1 ? 0.6 : 0)),
    redCores: cells.map((_, i) => (i === cells.length - 1 ? 0.6 : 0)),
    redBeyond: false,
    pitch: 40,
    height: 60,
    axis: [1, 0],
  };
}

/** A re-read's digits of `digits`, at `scores` (0.9 by default), `shift` px along the row. */
function read(digits: string, scores: number[] = [], shift = 0): DigitCell[] {
  return [...digits].map((d, i) => ({ digit: Number(d), score: scores[i] ?? 0.9, x: 100 + 40 * i + shift, y: 100, u: 0, line: REREAD_LINE, followedBySeparator: false }));
}

const positions = (digits: string) => [...digits].map(Number);
const noText = parseMeterText([], { width: 1000, height: 1000 });

test('a drum the first read took for another digit is read as a re-read and the CNN both read it', () => {
  // PAFAL: the `1` before the decimal comma, read as `3` at 0.77; the CNN reads 1. (A sure `0` there is
  // the CNN's `1` already: see MAX_SMEARED_ONES in combine.ts.)
  const first = row('0134230', [0.93, 0.8, 0.98, 0.93, 0.99, 0.77, 0.99]);
  const wheels = wheelsAt(positions('0134210'));
  assert.equal(readingVerdict('electricity', noText, first, wheels).reading, null);
  const merged = mergeRereads(first, [read('0134230'), read('0134210', [0.6, 0.7, 0.9, 0.6, 0.97, 0.86, 0.99])], wheels);
  assert.ok(merged);
  assert.equal(merged.digits, '0134210');
  assert.equal(merged.value, 13421);
  assert.equal(merged.cells[5].score, 0.86);
  assert.equal(readingVerdict('electricity', noText, merged, wheels).reading, 13421);
});

test('a re-read digit the CNN does not read, or one of its 1/7 and 4/7 confusions, changes nothing', () => {
  const first = row('0134200', [0.93, 0.8, 0.98, 0.93, 0.99, 0.77, 0.99]);
  assert.equal(mergeRereads(first, [read('0134290', [0.5, 0.5, 0.5, 0.5, 0.5, 0.9, 0.5])], wheelsAt(positions('0134210'))), null);
  // A `4` read unsure; a re-read and the CNN both say 7: the CNN's own confusion, so no change.
  const blurred = row('0414676', [0.98, 0.42, 0.98, 0.98, 0.98, 0.98, 0.98]);
  assert.equal(mergeRereads(blurred, [read('0714676', [0.5, 0.85, 0.5, 0.5, 0.5, 0.5, 0.5])], wheelsAt(positions('0714676'))), null);
});

test('re-reads that read a cell as two different digits, or change two cells, give no row', () => {
  const first = row('0134200', [0.93, 0.8, 0.98, 0.93, 0.99, 0.6, 0.6]);
  assert.equal(mergeRereads(first, [read('0134210'), read('0134230')], wheelsAt(positions('0134210'))), null);
  assert.equal(mergeRereads(first, [read('0134211')], wheelsAt(positions('0134211'))), null);
});

test("a cell read unsure is raised to its best re-read's confidence, never to where it could overrule the CNN", () => {
  const first = row('0008199', [0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.32]);
  const merged = mergeRereads(first, [read('0008199', [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.84])], wheelsAt(positions('0008199')));
  assert.equal(merged?.digits, '0008199');
  assert.equal(merged?.cells[6].score, 0.84);
  assert.equal(merged?.minScore, 0.84);
  assert.equal(merged?.cells[0].score, 0.98, 'a cell read better the first time keeps its confidence');
  const capped = mergeRereads(first, [read('0008199', [], 0).map((c) => ({ ...c, score: 0.999 }))], wheelsAt(positions('0008199')));
  assert.equal(capped?.cells[6].score, 0.94);
  // Nothing raised, nothing changed: no new row.
  assert.equal(mergeRereads(row('0008199'), [read('0008199')], wheelsAt(positions('0008199'))), null);
});

test('a re-read of another row (more digits, or shifted by half a pitch) is ignored', () => {
  const first = row('0134200', [0.93, 0.8, 0.98, 0.93, 0.99, 0.77, 0.99]);
  const wheels = wheelsAt(positions('0134210'));
  assert.equal(mergeRereads(first, [read('01342100')], wheels), null);
  assert.equal(mergeRereads(first, [read('0134210', [], 20)], wheels), null);
  assert.equal(mergeRereads(first, [read('0134210', [], 12)], wheels)?.digits, '0134210', 'a third of a pitch off is the same cell');
});

test('the re-read strips run along the row, a little past its ends, one per re-read', () => {
  const strips = rereadStrips(row('0134210'));
  assert.equal(strips.length, ROW_REREADS.length);
  for (const [i, s] of strips.entries()) {
    assert.equal(s.cx, 220);
    assert.equal(s.cy, 100);
    assert.equal(s.angle, 0);
    assert.ok(Math.abs(s.width - (240 + 2 * 0.6 * 40)) < 1e-9);
    assert.equal(s.height, 60 * ROW_REREADS[i].height);
  }
});
