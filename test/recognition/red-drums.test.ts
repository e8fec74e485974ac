import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneTenthDrum } from '../../src/recognition/counter/red-drums.js';
import { cnnConfirms, readingVerdict } from '../../src/recognition/decision.js';
import { parseMeterText } from '../../src/recognition/parse/index.js';
import { REREAD_LINE } from '../../src/recognition/counter/window.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';
import { wheelsAt } from './fixtures.js';

/**
 * A drum row of `digits` whose last `decimals` cells are red as `red` says (over the whole cell, and
 * over its core as `cores` says, the same by default); `added` cells came from the red-tail re-read.
 */
function drumRow(digits: string, decimals: number, red: number[], added = 0, addedScore = 0.5, cores = red): CounterReading {
  const n = digits.length;
  const cells = [...digits].map((d, i) => ({
    digit: Number(d),
    score: i >= n - added ? addedScore : 0.98,
    x: 100 + 40 * i,
    y: 100,
    u: 100 + 40 * i,
    line: i >= n - added ? REREAD_LINE : 0,
    followedBySeparator: false,
  }));
  return {
    digits,
    decimals,
    decimalSource: 'colour',
    value: Number(digits) / 10 ** decimals,
    minScore: Math.min(...cells.map((c) => c.score)),
    regular: true,
    cells,
    redFractions: red,
    redCores: cores,
    redBeyond: false,
    pitch: 40,
    height: 60,
    axis: [1, 0],
  };
}

const positions = (digits: string) => [...digits].map(Number);
const noText = parseMeterText([], { width: 1000, height: 1000 });

test('an unsure cell the red-tail re-read added past the tenths drum is dropped (scale marks read as a 1)', () => {
  const row = drumRow('01341541', 2, [0, 0, 0, 0, 0, 0, 0.19, 0.24], 1, 0.53);
  const { counter, wheels } = oneTenthDrum(row, wheelsAt(positions('01341541')));
  assert.equal(counter.digits, '0134154');
  assert.equal(counter.decimals, 1);
  assert.equal(counter.value, 13415.4);
  assert.equal(counter.cells.length, 7);
  assert.equal(counter.redFractions.length, 7);
  assert.equal(wheels?.positions.length, 7);
  assert.equal(wheels?.probabilities.length, 7);
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt(positions('01341541'))).reading, 13415.4);
});

test('a drum before the red one that is red only at its edge is colour bleeding: one decimal', () => {
  const row = drumRow('0134265', 2, [0, 0, 0, 0, 0, 0.109, 0.324], 0, 0, [0, 0, 0, 0, 0, 0, 0.19]);
  const { counter } = oneTenthDrum(row, null);
  assert.equal(counter.decimals, 1);
  assert.equal(counter.digits, '0134265');
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt(positions('0134265'))).reading, 13426.5);
});

test('two evenly red drums (a red frame round both), a red numeral, or a sure re-read drum stay as they are and the electricity reading is withheld', () => {
  const even = drumRow('0134265', 2, [0, 0, 0, 0, 0, 0.3, 0.32], 0, 0, [0, 0, 0, 0, 0, 0, 0]);
  assert.equal(oneTenthDrum(even, null).counter, even);
  const redCore = drumRow('0134265', 2, [0, 0, 0, 0, 0, 0.11, 0.32]);
  assert.equal(oneTenthDrum(redCore, null).counter, redCore);
  assert.equal(readingVerdict('electricity', noText, even, wheelsAt(positions('0134265'))).why, 'electricity: red drums');
  const sure = drumRow('0134944', 2, [0, 0, 0, 0, 0, 0.12, 0.16], 1, 0.92, [0, 0, 0, 0, 0, 0.2, 0.3]);
  assert.equal(oneTenthDrum(sure, null).counter, sure);
  assert.equal(readingVerdict('electricity', noText, sure, wheelsAt(positions('0134944'))).reading, null);
  // Other meter types keep their red drums: water counters have three or four.
  const water = drumRow('00488675', 3, [0, 0, 0, 0, 0, 0.2, 0.7, 0.7]);
  assert.equal(readingVerdict('water_cold', noText, water, wheelsAt(positions('00488675'))).reading, 488.675);
});

test('an electricity drum row with fewer than four whole drums lost some of them and is withheld', () => {
  const short = drumRow('4152', 1, [0, 0, 0, 0.3]);
  assert.equal(readingVerdict('electricity', noText, short, wheelsAt(positions('4152'))).why, 'electricity: short');
  const four = drumRow('34152', 1, [0, 0, 0, 0, 0.3]);
  assert.equal(readingVerdict('electricity', noText, four, wheelsAt(positions('34152'))).reading, 3415.2);
});

test('a printed point with more decimals than the meter type shows is no meter display', () => {
  const box = (x: number, y: number): [number, number][] => [
    [x, y],
    [x + 300, y],
    [x + 300, y + 60],
    [x, y + 60],
  ];
  const row = (text: string, digits: string, decimals: number): [ReturnType<typeof parseMeterText>, CounterReading] => [
    parseMeterText([{ text, score: 0.99, box: box(300, 300) }], { width: 1000, height: 1000 }),
    { ...drumRow(digits, decimals, [...digits].map(() => 0)), decimalSource: 'point' },
  ];
  const [labelText, label] = row('183166.070', '183166070', 3);
  assert.equal(readingVerdict('electricity', labelText, label, null).why, 'point: too many decimals');
  const [lcdText, lcd] = row('012345.67', '01234567', 2);
  assert.equal(readingVerdict('electricity', lcdText, lcd, null).reading, 12345.67);
  const [gasText, gas] = row('07797.127', '07797127', 3);
  assert.equal(readingVerdict('gas', gasText, gas, null).reading, 7797.127);
});

test('cnnConfirms: the CNN must read every cell as the OCR did, with no correction and no veto', () => {
  const row = drumRow('0238714', 1, [0, 0, 0, 0, 0, 0, 0.6]);
  assert.equal(cnnConfirms(row, wheelsAt([0, 2, 3, 8, 7, 1, 4])), true);
  // The last cell barely read as 8 and seen by the CNN as a 1: the reading rests on the CNN's correction.
  // (A gas row read to its first red drum, the next one red past it.)
  const unsure = { ...row, cells: row.cells.map((c, i) => (i === 6 ? { ...c, digit: 8, score: 0.24 } : c)), digits: '0238718', redCellAfter: true };
  assert.equal(readingVerdict('gas', parseMeterText([], { width: 640, height: 480 }), unsure, wheelsAt([0, 2, 3, 8, 7, 1, 1])).reading, 23871.1);
  assert.equal(cnnConfirms(unsure, wheelsAt([0, 2, 3, 8, 7, 1, 1])), false);
  // Where the last wheel may roll, only a correction before it counts.
  assert.equal(cnnConfirms(unsure, wheelsAt([0, 2, 3, 8, 7, 1, 1]), true), true);
  // ... unless the CNN sees it between two digits and the OCR read neither.
  assert.equal(cnnConfirms(unsure, wheelsAt([0, 2, 3, 8, 7, 1, 0.5]), true), false);
  const inner = { ...row, cells: row.cells.map((c, i) => (i === 2 ? { ...c, digit: 4, score: 0.37 } : c)), digits: '0248714' };
  assert.equal(cnnConfirms(inner, wheelsAt([0, 2, 3, 8, 7, 1, 4]), true), false);
  // A plain LCD row: one confident OCR digit against the CNN.
  const lcd = { ...row, decimalSource: 'none' as const, decimals: 0, digits: '0238914', cells: row.cells.map((c, i) => (i === 4 ? { ...c, digit: 9 } : c)) };
  assert.equal(cnnConfirms(lcd, wheelsAt([0, 2, 3, 8, 7, 1, 4])), false);
  assert.equal(cnnConfirms(row, null), false);
});

test('an electricity register whose only doubt is a rolling tenth drum is read in whole kWh and the tenth\'s lower digit', () => {
  // tw_003's case: the OCR read the tenth as 5 at 0.39, the CNN sees it between 1 and 2 (labelled `0599`).
  const row = drumRow('05995', 1, [0, 0, 0, 0, 0.6]);
  row.cells[4].score = 0.39;
  const rolling = wheelsAt([0, 5, 9, 9, 1.6]);
  assert.deepEqual(readingVerdict('electricity', noText, row, rolling), { reading: 599.1, why: 'ok: tenth rolling, its lower digit' });
  // A tenth the OCR read near-certainly shows one numeral: the CNN seeing it half way is off the drum.
  const sure = drumRow('4619191', 1, [0, 0, 0, 0, 0, 0, 0.6]);
  assert.equal(readingVerdict('electricity', noText, sure, wheelsAt([4, 6, 1, 9, 1, 9, 0.5])).reading, null);
  // From 0.55 on, the OCR's next digit stands, however sure (a tilted register's red `1`, read at 0.99
  // and seen at 0.6: `461919.1`).
  assert.equal(readingVerdict('electricity', noText, sure, wheelsAt([4, 6, 1, 9, 1, 9, 0.6])).reading, 461919.1);
  sure.cells[6].score = 0.9;
  assert.equal(readingVerdict('electricity', noText, sure, wheelsAt([4, 6, 1, 9, 1, 9, 0.5])).reading, 461919);
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt([0, 5, 9, 9, 0.4])).reading, 599);
  // Other meter types keep every fractional drum: a water meter's last drum is in its reading.
  const water = drumRow('005503485', 4, [0, 0, 0, 0, 0, 0.7, 0.7, 0.7, 0.7]);
  assert.equal(readingVerdict('water_cold', noText, water, wheelsAt([0, 0, 5, 5, 0, 3, 4, 8, 1.6])).why, 'cnn disagrees x1');
  // A tenth the CNN sees on a digit other than the OCR's is a misread, not a rolling drum.
  assert.equal(readingVerdict('electricity', noText, drumRow('05995', 1, [0, 0, 0, 0, 0.6]), wheelsAt([0, 5, 9, 9, 1])).why, 'cnn disagrees x1');
  // A tenth passing 9 -> 0 carries the units drum: the whole kWh are in doubt too.
  assert.equal(readingVerdict('electricity', noText, drumRow('05992', 1, [0, 0, 0, 0, 0.6]), wheelsAt([0, 5, 9, 9, 9.5])).reading, null);
  // A units drum the CNN sees part way on or on another digit, or a whole drum it vetoes, even one
  // that a near-certain OCR digit stands against (a tilted `274707.2` was read as `47072`, its `4` vetoed).
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt([0, 5, 9, 8.5, 1.6])).reading, null);
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt([0, 5, 9, 3, 1.6])).reading, null);
  assert.equal(readingVerdict('electricity', noText, row, wheelsAt([0, 5, 3, 9, 1.6])).reading, null);
});
