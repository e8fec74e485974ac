import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropDividers, edgeOnly, framedToRightEdge, framedRun, readCounter, redRunWithCores, regularise, rowWhiteGains, tingedByNext, trailingRedRun } from '../../src/recognition/counter/reader.js';
import { stepPitch, unreadRedTails } from '../../src/recognition/counter/extend.js';
import { nearOcr, ocrAgreement } from '../../src/recognition/counter/wheels.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import { cnnSettles, combineDigits, digitSupport, drumsAgree, showsNothingOf, snapPosition, soleDigit, surelyReadOtherwise } from '../../src/recognition/counter/combine.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';
import type { CounterReading } from '../../src/recognition/counter/reader.js';

const cell = (digit: number, u: number): DigitCell => ({ digit, score: 0.99, x: u, y: 0, u, line: 0, followedBySeparator: false });

test('regularise drops a frame edge read as a digit before an evenly spaced row', () => {
  const cells = [cell(1, 0), ...[0, 0, 4, 8, 8].map((d, i) => cell(d, 40 + i * 25))];
  const r = regularise(cells, 25);
  assert.equal(r.cells.map((c) => c.digit).join(''), '00488');
  assert.equal(r.regular, true);
});

test('readCounter counts the digits it left out past the row’s end, off its pitch', () => {
  const img: RgbImage = { data: new Uint8Array(300 * 80 * 3).fill(200), width: 300, height: 80 };
  // A display's `108.21`: its last `1`, its cell's right-hand segments, placed a pitch and a half on.
  const cells = [...[1, 0, 8, 2].map((d, i) => cell(d, 30 + i * 40)), cell(1, 30 + 3 * 40 + 62)].map((c) => ({ ...c, y: 40 }));
  const row = readCounter(img, { cells, axis: [1, 0], height: 40, pitch: 40, lineIndexes: [0], score: 1 });
  assert.equal(row?.digits, '1082');
  assert.equal(row?.offPitchPast, 1);
  const even = readCounter(img, { cells: cells.slice(0, 4), axis: [1, 0], height: 40, pitch: 40, lineIndexes: [0], score: 1 });
  assert.equal(even?.offPitchPast, undefined);
});

test('regularise flags a row as irregular when an end digit other than a 1 sits less than a pitch from its neighbour', () => {
  // Two overlapping boxes read the first drum twice: `8` whole, and its right half as `3`.
  const rivals = regularise([cell(8, 0), ...[3, 4, 3, 7, 8].map((d, i) => cell(d, 12 + i * 25))], 25);
  assert.equal(rivals.cells.map((c) => c.digit).join(''), '34378');
  assert.equal(rivals.regular, false);
  const tail = regularise([...[3, 4, 3, 7, 8].map((d, i) => cell(d, i * 25)), cell(6, 112)], 25);
  assert.equal(tail.regular, false);
  // A frame edge read as a 1 that close, or any digit far off the row, is only dropped.
  const frame = regularise([cell(1, 0), ...[0, 4, 8, 8].map((d, i) => cell(d, 12 + i * 25))], 25);
  assert.equal(frame.cells.map((c) => c.digit).join(''), '0488');
  assert.equal(frame.regular, true);
  assert.equal(regularise([...[0, 4, 8, 8].map((d, i) => cell(d, i * 25)), cell(7, 140)], 25).regular, true);
});

test('regularise keeps a seven-segment 1 off its cell centre and the digit after it', () => {
  // A rendered LCD's `04312` at a 62 px pitch: the 1 sits on its cell's right-hand segments and the
  // OCR placed the 2 a little left, 34 px after the 1; the span across the 1 is two pitches.
  const lcd = regularise([0, 4, 3, 1, 2].map((d, i) => cell(d, [197, 265, 316, 401, 435][i])), 59.5);
  assert.equal(lcd.cells.map((c) => c.digit).join(''), '04312');
  assert.equal(lcd.regular, true);
  // The same gaps without a 1 in the middle: the last digit is a rival read of the drum before it.
  const rivals = regularise([0, 4, 3, 7, 2].map((d, i) => cell(d, [197, 265, 316, 401, 435][i])), 59.5);
  assert.equal(rivals.regular, false);
  // A 1 that ends the row is still a frame edge when it is off the pitch, and a 1 between two
  // digits a pitch apart leaves the row irregular (dropDividers removes such a divider).
  assert.equal(regularise([...[0, 4, 3, 2].map((d, i) => cell(d, i * 60)), cell(1, 205)], 60).cells.length, 4);
  assert.equal(regularise([0, 4, 1, 3, 2].map((d, i) => cell(d, [0, 60, 90, 120, 180][i])), 60).regular, false);
});

test('regularise flags a row with a missing digit as irregular', () => {
  const cells = [0, 25, 50, 100, 125].map((u, i) => cell(i, u));
  assert.equal(regularise(cells, 25).regular, false);
});

test('trailingRedRun counts the red fractional drums only when they form the tail', () => {
  assert.equal(trailingRedRun([0, 0.01, 0, 0, 0.02, 0.5, 0.4, 0.45]), 3);
  assert.equal(trailingRedRun([0, 0.3, 0, 0, 0.02, 0.5, 0.4, 0.45]), 0);
  assert.equal(trailingRedRun([0.2, 0.2, 0.2, 0.25]), 0);
  assert.equal(trailingRedRun([0, 0, 0, 0]), 0);
  // A reddish photo: the run's first cell, far less red than the rest, is a black drum tinged by
  // the cast and its red neighbour (a warm-lit Itelma, `43.916` for `439.160`).
  assert.equal(trailingRedRun([0, 0, 0.06, 0.08, 0.2, 0.74, 0.81, 0.83]), 3);
  // On a row whose black drums are free of red, a weakly red first cell is a worn red drum still.
  assert.equal(trailingRedRun([0, 0, 0, 0.01, 0.2, 0.74, 0.81, 0.83]), 4);
  // A run longer than any row's red drums: its first cells, far less red than its reddest, are black
  // drums under a warm cast, however free of red the shadowed cells before it (a dim, warm-lit
  // Itelma's cores: `43.916` for `439.160`).
  assert.equal(trailingRedRun([0.01, 0.04, 0.12, 0.14, 0.22, 0.8, 0.92, 0.84]), 3);
  // Not where the run's cells are about as red as each other: the whole run, more cells than a row's
  // red drums, which gives no decimal cue...
  assert.equal(trailingRedRun([0, 0.02, 0.5, 0.55, 0.6, 0.62, 0.7, 0.66]), 6);
  // ... and a run of four is left to the checks above.
  assert.equal(trailingRedRun([0, 0, 0, 0, 0.12, 0.8, 0.92, 0.84]), 4);
});

test('redRunWithCores takes in a drum whose centre alone is red, never a black drum or a reddish row', () => {
  // The scratched first red drum: its cell is barely red, its centre clearly is.
  assert.equal(redRunWithCores([0, 0, 0, 0, 0.06, 0.22, 0.21], [0, 0, 0, 0, 0.12, 0.36, 0.35]), 3);
  // Colour bleeding at the boundary leaves a black drum's centre almost free of red.
  assert.equal(redRunWithCores([0, 0, 0, 0, 0, 0.05, 0.25], [0, 0, 0, 0, 0, 0.02, 0.13]), 1);
  // Black drums that are themselves reddish (a warm cast) give the centre no weight.
  assert.equal(redRunWithCores([0.06, 0.07, 0.06, 0.07, 0.08, 0.5, 0.5], [0.06, 0.07, 0.06, 0.07, 0.2, 0.6, 0.6]), 2);
  // At most 4 red drums, and at least two black ones stay.
  assert.equal(redRunWithCores([0, 0, 0, 0.05, 0.3, 0.3, 0.3], [0, 0, 0, 0.3, 0.5, 0.5, 0.5]), 4);
  assert.equal(redRunWithCores([0, 0, 0, 0.05, 0.3, 0.3, 0.3, 0.3], [0, 0, 0, 0.3, 0.5, 0.5, 0.5, 0.5]), 4);
  // Two such drums in a row are as likely a reddish stain: the one further left counts as black.
  assert.equal(redRunWithCores([0, 0, 0.05, 0.05, 0.3], [0, 0, 0.3, 0.3, 0.5]), 1);
  assert.equal(redRunWithCores([0, 0.05, 0.3], [0, 0.3, 0.5]), 1);
  assert.equal(redRunWithCores([0, 0, 0, 0.05], [0, 0, 0, 0.3]), 0);
});

function counter(digits: string): CounterReading {
  // Confident but not near-certain OCR digits (a near-certain one may overrule the CNN).
  const cells = [...digits].map((d, i) => ({ ...cell(Number(d), i * 20), score: 0.9 }));
  return { digits, decimals: 0, decimalSource: 'colour', value: 0, minScore: 1, regular: true, cells, redFractions: [], redCores: [], redBeyond: false, pitch: 20, height: 30, axis: [1, 0] };
}

/** A counter whose cell `i` the OCR read at `score`, and its other cells at `others`. */
function scored(digits: string, i: number, score: number, others = 0.9): CounterReading {
  const c = counter(digits);
  c.cells.forEach((cell, k) => (cell.score = k === i ? score : others));
  return c;
}

test('combineDigits accepts CNN jitter, half-rolled wheels, and counts real disagreements', () => {
  assert.equal(snapPosition(3.8), 4);
  assert.equal(snapPosition(9.9), 0);
  const wheels = (positions: number[]) => ({ positions, digits: [], confidences: [] });
  assert.deepEqual(combineDigits(counter('0134'), wheels([0.1, 0.9, 2.9, 3.8])), { digits: '0134', disagreements: 0, overruled: 0 });
  // Last wheel less than half way between 8 and 9: the lower digit, whatever the OCR said.
  assert.deepEqual(combineDigits(counter('0239'), wheels([0, 2, 3, 8.4])), { digits: '0238', disagreements: 0, overruled: 0 });
  // Half way, read as 9 by the OCR (the CNN reads a tenth or two low): 8 or 9 alike, no reading.
  assert.equal(combineDigits(counter('0239'), wheels([0, 2, 3, 8.5])).disagreements, 1);
  assert.deepEqual(combineDigits(counter('0238'), wheels([0, 2, 3, 8.5])), { digits: '0238', disagreements: 0, overruled: 0 });
  // Six tenths on and further (the CNN reads a tenth or two low): the wheel may show 9, and the OCR says it does.
  assert.deepEqual(combineDigits(counter('0239'), wheels([0, 2, 3, 8.6])), { digits: '0239', disagreements: 0, overruled: 0 });
  assert.deepEqual(combineDigits(counter('0239'), wheels([0, 2, 3, 8.7])), { digits: '0239', disagreements: 0, overruled: 0 });
  assert.deepEqual(combineDigits(counter('0238'), wheels([0, 2, 3, 8.6])), { digits: '0238', disagreements: 0, overruled: 0 });
  assert.equal(combineDigits(counter('0134'), wheels([0, 1, 7, 4])).disagreements, 1);
});

/** A softmax-like vector peaked at `pos` (tenths) with mass `mass`, the rest spread evenly. */
function peaked(pos: number, mass: number): Float32Array {
  const p = new Float32Array(100).fill((1 - mass) / 99);
  p[Math.round(pos * 10) % 100] = mass;
  return p;
}

test('digitSupport counts the positions from just below a digit to almost the next one', () => {
  assert.ok(Math.abs(digitSupport(peaked(2.8, 0.9), 3) - (0.9 + 12 * (0.1 / 99))) < 1e-6);
  assert.ok(digitSupport(peaked(3.9, 0.9), 3) > 0.9);
  assert.ok(digitSupport(peaked(4.0, 0.9), 3) < 0.05);
  // Circular: a 0 is supported by a wheel at 9.8.
  assert.ok(digitSupport(peaked(9.8, 0.9), 0) > 0.9);
});

test('combineDigits: an unsure OCR digit needs firm CNN support, a confident one only no clear veto', () => {
  const c = scored('0134', 2, 0.45);
  const positions = [0, 1, 2.8, 4];
  const firm = { positions, probabilities: positions.map((v) => peaked(v, 0.9)) };
  assert.equal(combineDigits(c, firm).disagreements, 0);
  const weak = { positions, probabilities: positions.map((v, i) => peaked(v, i === 2 ? 0.5 : 0.9)) };
  assert.equal(combineDigits(c, weak).disagreements, 1);
  // A confident OCR 7 where the CNN sees a firm 4 is a disagreement.
  const other = counter('0174');
  assert.equal(combineDigits(other, firm).disagreements, 1);
});

test('combineDigits: a middling OCR digit (under 0.7) is the CNN\'s to read when the CNN sees one other digit only', () => {
  const positions = [0, 6, 6, 5];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  const middling = scored('0605', 2, 0.67);
  assert.deepEqual(combineDigits(middling, wheels), { digits: '0665', disagreements: 0, overruled: 0 });
  // A surer OCR digit stands against it: a disagreement, so no reading.
  const surer = scored('0605', 2, 0.75);
  assert.equal(combineDigits(surer, wheels).disagreements, 1);
});

test('combineDigits: a wheel before the last that the CNN sees short of half way does not show the OCR\'s next digit', () => {
  const wheels = (positions: number[]) => ({ positions, digits: [], confidences: [] });
  // Mid-carry behind a last wheel at 9.5: 3 or 4 depends on the last wheel, so no reading.
  assert.equal(combineDigits(counter('0549'), wheels([0, 5, 3.4, 9.5])).disagreements, 1);
  // A tenth or two short is the CNN's low bias: the OCR's 4 stands.
  assert.deepEqual(combineDigits(counter('0549'), wheels([0, 5, 3.7, 9])), { digits: '0549', disagreements: 0, overruled: 0 });
  // The OCR's lower digit agrees with a wheel on its way to the next.
  assert.deepEqual(combineDigits(counter('0539'), wheels([0, 5, 3.4, 9.5])), { digits: '0539', disagreements: 0, overruled: 0 });
});

test('combineDigits: the CNN does not change the magnitude of a row through its first digit', () => {
  const firm = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // An unsure leading 6 the CNN sees as 0 (a cell off its drum): no reading rather than 10^n less.
  assert.equal(combineDigits(scored('6904', 0, 0.41), firm([0, 9, 0, 4])).disagreements, 1);
  // A leading 0 it sees as a 3 (the frame, a blank cell): no reading either.
  assert.equal(combineDigits(scored('0904', 0, 0.41), firm([3, 9, 0, 4])).disagreements, 1);
  // A leading 1 may be the window's frame read as a digit: the CNN's 0 stands.
  assert.deepEqual(combineDigits(scored('1904', 0, 0.41), firm([0, 9, 0, 4])), { digits: '0904', disagreements: 0, overruled: 0 });
  // After leading 0 drums the first other digit, a 1 included, is no frame: 10^n less is no reading.
  assert.equal(combineDigits(scored('01904', 1, 0.41), firm([0, 0, 9, 0, 4])).disagreements, 1);
  assert.equal(combineDigits(scored('00604', 2, 0.41), firm([0, 0, 0, 0, 4])).disagreements, 1);
  // A later digit is the CNN's to read as before.
  assert.deepEqual(combineDigits(scored('01964', 3, 0.41), firm([0, 1, 9, 0, 4])), { digits: '01904', disagreements: 0, overruled: 0 });
});

test('combineDigits: across its 1/7 and 4/7 confusions the CNN replaces only a barely read OCR digit', () => {
  const positions = [0, 4, 8, 7, 3];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  const middling = scored('04813', 3, 0.67);
  assert.equal(combineDigits(middling, wheels).digits, '04813');
  assert.equal(combineDigits(middling, wheels).disagreements, 1);
  const faint = scored('04813', 3, 0.3);
  assert.deepEqual(combineDigits(faint, wheels), { digits: '04873', disagreements: 0, overruled: 0 });
  // Other pairs are the CNN's to read at the same OCR score.
  const other = scored('04823', 3, 0.67);
  assert.deepEqual(combineDigits(other, wheels), { digits: '04873', disagreements: 0, overruled: 0 });
});

test('combineDigits: the CNN reads a wheel alone when the OCR barely saw it and the CNN sees one digit only', () => {
  const c = scored('0484', 3, 0.23);
  const at = (last: number, mass = 0.95) => {
    const positions = [0, 4, 8, last];
    return { positions, probabilities: positions.map((v) => peaked(v, mass)) };
  };
  assert.deepEqual(combineDigits(c, at(2.2)), { digits: '0482', disagreements: 0, overruled: 0 });
  // At 1.8 the wheel may show 1 (rolling) or 2 (read low): no single digit, so no reading.
  assert.equal(combineDigits(c, at(1.8)).disagreements, 1);
  // A CNN that is not sure either decides nothing.
  assert.equal(combineDigits(c, at(2.2, 0.6)).disagreements, 1);
  // A wheel half way to the OCR's digit: the reader may write either, so no reading.
  const rolling = scored('0483', 3, 0.38);
  assert.equal(combineDigits(rolling, { positions: [0, 4, 8, 2.5], probabilities: [0, 4, 8, 2.5].map((v) => peaked(v, 0.95)) }).disagreements, 1);
  assert.deepEqual(combineDigits(rolling, { positions: [0, 4, 8, 3.2], probabilities: [0, 4, 8, 3.2].map((v) => peaked(v, 0.95)) }).digits, '0483');
  // The OCR barely saw the last wheel and the CNN sees it six tenths on: no reading either.
  const faint = scored('0481', 3, 0.1);
  assert.equal(combineDigits(faint, { positions: [0, 4, 8, 7.6], probabilities: [0, 4, 8, 7.6].map((v) => peaked(v, 0.95)) }).disagreements, 1);
  assert.deepEqual(combineDigits(faint, { positions: [0, 4, 8, 7.3], probabilities: [0, 4, 8, 7.3].map((v) => peaked(v, 0.95)) }).digits, '0487');
  assert.equal(soleDigit(peaked(7.0, 0.95)), 7);
  assert.equal(soleDigit(peaked(6.8, 0.95)), null);
});

test('combineDigits: a sure OCR 0 on a wheel the CNN firmly sees on 1 is a smeared 1, twice a row at most, never the first or last', () => {
  const firm = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // A PAFAL row shaken sideways: its `1`s, between their windows' dark edges, read as sure `0`s.
  const shaken = counter('0034200');
  shaken.cells[1].score = 0.94;
  shaken.cells[5].score = 0.99;
  assert.deepEqual(combineDigits(shaken, firm([0, 1, 3, 4, 2, 1, 0])), { digits: '0134210', disagreements: 0, overruled: 0 });
  // A third such `0` says the row is not what either reader saw.
  assert.equal(combineDigits(counter('0004200'), firm([0, 1, 1, 4, 2, 1, 0])).disagreements, 1);
  // Not on a wheel part way on, nor on the first (its window's frame may be the CNN's 1), nor on the last, which may roll.
  assert.equal(combineDigits(counter('0000'), firm([1, 0, 0, 0])).disagreements, 1);
  assert.equal(combineDigits(counter('0034200'), firm([0, 1.5, 3, 4, 2, 1, 0])).disagreements, 1);
  assert.equal(combineDigits(counter('0134210'), firm([0, 1, 3, 4, 2, 1, 1])).disagreements, 1);
  // Nor where a near-certain OCR digit the CNN takes for a 1 (its 1/7 confusion) says its 1s are other strokes.
  const sevens = counter('0037200');
  sevens.cells[3].score = 0.99;
  assert.equal(combineDigits(sevens, firm([0, 1, 3, 1, 2, 0, 0])).digits, '0037200');
});

test("combineDigits: a sure OCR 7 on a wheel the CNN firmly reads as 1 overrules nothing: a flagged 1 is the OCR's 7", () => {
  const firm = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // A rendered gas register in a monospaced face: its red `1`, long-flagged, read `7` at 0.95.
  const row = counter('15885370');
  row.cells[6].score = 0.952;
  const r = combineDigits(row, firm([1, 5, 8, 8, 5, 3, 1, 0]));
  assert.equal(r.overruled, 0);
  assert.equal(r.disagreements, 1);
  // Across the CNN's other confusions a sure OCR digit still stands against it: a 4 the CNN reads as 7.
  const four = counter('15885340');
  four.cells[6].score = 0.97;
  const kept = combineDigits(four, firm([1, 5, 8, 8, 5, 3, 7, 0]));
  assert.deepEqual(kept, { digits: '15885340', disagreements: 0, overruled: 1 });
});

test('combineDigits: a CNN a near-certain OCR digit contradicts (not across 1/7, 4/7) reads no other wheel of the row', () => {
  const firm = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // A dark row framed with its windows' outlines: the CNN sees 0s in the `1` and the `7`.
  const row = scored('0134749', 1, 0.58, 0.97);
  const seen = firm([0, 0, 3, 4, 0, 4, 9]);
  const r = combineDigits(row, seen);
  assert.equal(r.overruled, 1);
  assert.equal(r.disagreements, 1);
  assert.equal(r.digits, '0134749');
  // Without the contradiction the CNN's reading of an unsure digit stands, as before...
  const alone = scored('0184749', 2, 0.58);
  assert.deepEqual(combineDigits(alone, firm([0, 1, 3, 4, 7, 4, 9])), { digits: '0134749', disagreements: 0, overruled: 0 });
  // ... but not of an unsure `1` it reads as `0` (a thin 1 between window edges), unless barely read.
  const one = scored('0134749', 1, 0.58);
  assert.deepEqual(combineDigits(one, firm([0, 0, 3, 4, 7, 4, 9])), { digits: '0134749', disagreements: 1, overruled: 0 });
  const slantedOne = scored('0134200', 1, 0.68);
  assert.equal(combineDigits(slantedOne, firm([0, 0, 3, 4, 2, 0, 0])).disagreements, 1);
  assert.deepEqual(combineDigits(scored('0134749', 2, 0.4), firm([0, 1, 7, 4, 7, 4, 9])).digits, '0174749');
  // But of an unsure `6` it reads as `0`, it does (a shaken PAFAL's `0`, read `6` at 0.57).
  assert.equal(combineDigits(scored('0134260', 5, 0.57), firm([0, 1, 3, 4, 2, 0, 0])).digits, '0134200');
  // The first digit after leading 0s, even barely read, is not the CNN's to make a 0 (10^n less).
  assert.equal(combineDigits(scored('0134749', 1, 0.4), firm([0, 0, 3, 4, 7, 4, 9])).disagreements, 1);
  // A near-certain `1` it takes for a `7`, its classic confusion, leaves its reading of the unsure last wheel standing.
  const slip = scored('00488913', 7, 0.22);
  slip.cells[6].score = 0.99;
  assert.deepEqual(combineDigits(slip, firm([0, 0, 4, 8, 8, 9, 7, 4])), { digits: '00488914', disagreements: 0, overruled: 1 });
  // Nor does it vouch for a digit read short of near-certain by reading it alike (a `7` in a shadow's
  // edge, a `1` at 0.78 to both readers, beside a sure `6` the CNN saw as 0 and 8s it saw at 8.7).
  const shade = scored('861080', 2, 0.78, 0.97);
  assert.deepEqual(combineDigits(shade, firm([8.7, 0, 1, 0, 8.7, 0])), { digits: '861080', disagreements: 1, overruled: 1 });
  shade.cells[2].score = 0.96;
  assert.deepEqual(combineDigits(shade, firm([8.7, 0, 1, 0, 8.7, 0])), { digits: '861080', disagreements: 0, overruled: 1 });
  // Nor does it fill in a wheel the OCR read no digit on.
  const unread = scored('0134749', 1, 0.58, 0.97);
  unread.cells[1].unread = true;
  assert.equal(combineDigits(unread, seen).disagreements, 1);
});

test('combineDigits: an unsure OCR digit picks the next digit of a last wheel the CNN sees past x.55, and nothing short of it', () => {
  const at = (last: number) => ({ positions: [0, 5, 4, last], probabilities: [0, 5, 4, last].map((v) => peaked(v, 0.95)) });
  // A Toloka meter's last red drum: the CNN sees it at 7.6, the OCR barely reads `8` (0.38).
  assert.deepEqual(combineDigits(scored('0548', 3, 0.38), at(7.6)), { digits: '0548', disagreements: 0, overruled: 0 });
  // Half way, the OCR's next digit is a coin flip still, and a sure one too.
  assert.equal(combineDigits(scored('0548', 3, 0.38), at(7.5)).disagreements, 1);
  assert.equal(combineDigits(scored('0548', 3, 0.9), at(7.5)).disagreements, 1);
  // The OCR must have read a digit the wheel is between, and read it at all.
  assert.equal(combineDigits(scored('0541', 3, 0.52), at(7.6)).disagreements, 1);
  assert.equal(combineDigits(scored('0548', 3, 0.1), at(7.6)).disagreements, 1);
  assert.deepEqual(combineDigits(scored('0547', 3, 0.38), at(7.3)).digits, '0547');
  // Round the wheel: a last wheel at 9.6 that the OCR reads `0`.
  assert.deepEqual(combineDigits(scored('0540', 3, 0.4), at(9.6)).digits, '0540');
  // But not where the wheel before it is part way on, carried along, and given its lower digit: the last
  // wheel is part way from 9 to 0 then, and a reader writes down its 9 (a rendered water row whose last
  // two drums stand at 2.6 and 9.6, read `...60` by the OCR, the `0` at 0.40: `65856.229`, not `65856.220`).
  const rolled = scored('65856260', 7, 0.4);
  rolled.cells[6].score = 0.56;
  const carried = [6, 5, 8, 5, 6, 2, 2.6, 9.6];
  assert.deepEqual(combineDigits(rolled, { positions: carried, probabilities: carried.map((v) => peaked(v, 0.95)) }).digits, '65856229');
  // A CNN that a near-certain OCR digit shows misread the row vouches for no unsure digit, this one included.
  // Here a sure `3` where it sees 5 (and a sure `4` where it sees 7, its classic confusion).
  const misread = scored('0348', 3, 0.38, 0.99);
  const seen = { positions: [0, 5, 7, 7.6], probabilities: [0, 5, 7, 7.6].map((v) => peaked(v, 0.95)) };
  assert.deepEqual(combineDigits(misread, seen), { digits: '0348', disagreements: 1, overruled: 2 });
});

test('combineDigits: a last wheel the CNN alone reads past x.55 may show the next digit: no reading', () => {
  // Its best position at `last`, with 0.45 of its mass at 8.3: it firmly reads an 8 only (0.95 on 7.7-8.9).
  const at = (last: number) => {
    const spread = peaked(last, 0.5);
    spread[83] += 0.45;
    return { positions: [0, 4, 8, last], probabilities: [...[0, 4, 8].map((v) => peaked(v, 0.95)), spread] };
  };
  // The OCR barely read a `0`; the CNN sees 8.7, which a reader may write down as 9.
  assert.equal(combineDigits(scored('0480', 3, 0.34), at(8.7)).disagreements, 1);
  assert.equal(combineDigits(scored('0480', 3, 0.34), at(8.3)).digits, '0488');
  // Likewise for a last wheel the OCR read no digit on.
  const unread = scored('0480', 3, 0.34);
  unread.cells[3].unread = true;
  assert.equal(combineDigits(unread, at(8.7)).disagreements, 1);
  assert.deepEqual(combineDigits(unread, at(8.3)), { digits: '0488', disagreements: 0, overruled: 0 });
  // cnnSettles asks that cell by cell: the CNN reads the unread last wheel at 8.3, not at 8.7.
  assert.equal(cnnSettles(unread, at(8.3), 3), true);
  assert.equal(cnnSettles(unread, at(8.7), 3), false);
  assert.equal(cnnSettles(scored('0480', 3, 0.34), at(8.7), 3), false, 'an unsure OCR digit it does not back');
});

test('drumsAgree: another strip over the row questions its reading where the CNN puts a drum a step and a half away and the OCR read another digit, or barely', () => {
  const read = (digits: string, positions: number[]) => ({ counter: counter(digits), wheels: { positions } });
  const a = read('07197127', [9.8, 7, 1, 9, 7, 1, 2.1, 7.1]);
  assert.equal(drumsAgree(a, read('07497127', [9.9, 7, 7.2, 9, 7, 1, 2, 6.9])), false);
  // The other strip's OCR read the same digit there: the CNN's slip, not the drum's doubt (a `9` read at
  // 0.9 in both strips, seen as a 6 in one).
  assert.equal(drumsAgree(a, read('07197127', [9.9, 7, 7.2, 9, 7, 1, 2, 6.9])), true);
  assert.equal(drumsAgree(read('02669587', [0, 2, 6, 6, 9, 5, 8, 6.9]), read('02669587', [0, 2, 6, 6, 6, 4.9, 8, 6.8])), true);
  // Not an OCR digit barely read there where the reading's digit is the CNN's: the same guess (a tilted
  // Actaris's rolling `7` read `4` at 0.33 and seen at 1.0 in one strip, read `1` at 0.31 and seen at 7.2
  // in the other) ...
  const positions = [9.9, 7, 1, 9, 7, 1, 2, 6.9];
  const replaced = { counter: scored('07497127', 2, 0.33), wheels: { positions, probabilities: positions.map((v) => peaked(v, 0.95)) } };
  assert.equal(combineDigits(replaced.counter, replaced.wheels).digits, '07197127');
  const barely = { counter: scored('07197127', 2, 0.31), wheels: { positions: [9.9, 7, 7.2, 9, 7, 1, 2, 6.9] } };
  assert.equal(drumsAgree(replaced, barely), false);
  // ... while it vouches for a digit the reading's own OCR read (an Elster's `9`, read at 0.48 in the other
  // strip and seen as a 6 there).
  assert.equal(drumsAgree(a, barely), true);
  // Jitter, a roll seen at two stages, and 9.9 against 0.2 (round the wheel) are alike.
  assert.equal(drumsAgree(a, read('07197127', [0.2, 7, 1.8, 9, 7, 1, 2.9, 7.1])), true);
  // Rows of other lengths or decimals are not known to be the same drums; a row without wheels says nothing.
  assert.equal(drumsAgree(a, read('7497127', [7, 7.2, 9, 7, 1, 2, 6.9])), true);
  assert.equal(drumsAgree(a, { counter: { ...counter('07497127'), decimals: 3 }, wheels: { positions: [9.9, 7, 7.2, 9, 7, 1, 2, 6.9] } }), true);
  assert.equal(drumsAgree(a, { counter: counter('07497127'), wheels: null }), true);
});

test('surelyReadOtherwise: another strip over the same cells whose OCR surely reads a digit the reading does not give, before the last drum', () => {
  // The rendered framed tenth's row: `009005` read at 0.50 off the drums, `069003` over them.
  const read = { counter: scored('009005', 1, 0.5), wheels: { positions: [0, 0, 9, 0, 0, 2.9] } };
  const given = combineDigits(read.counter, read.wheels).digits;
  assert.equal(given.slice(0, 5), '00900');
  assert.equal(surelyReadOtherwise(read, counter('069003')), true);
  // Read unsurely there, or differing only on the last drum (it may roll): no question.
  assert.equal(surelyReadOtherwise(read, scored('069003', 1, 0.6)), false);
  assert.equal(surelyReadOtherwise(read, counter('009007')), false);
  // Not the same cells: another count, or shifted half a pitch or more.
  assert.equal(surelyReadOtherwise(read, counter('69003')), false);
  const shifted = counter('069003');
  shifted.cells.forEach((c) => (c.x += 12));
  assert.equal(surelyReadOtherwise(read, shifted), false);
  assert.equal(surelyReadOtherwise({ ...read, wheels: null }, counter('069003')), false);
});

test('cnnSettles: the cells from an index on, each read or backed by the CNN, whatever a sure digit elsewhere says of the row', () => {
  const positions = [0, 4, 8, 7.2];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  const row = scored('0480', 3, 0);
  row.cells[3].unread = true;
  assert.equal(cnnSettles(row, wheels, 3), true);
  // A sure `9` the CNN reads as `8` says it misread the row: combineDigits undoes its reading of the
  // unread wheel, but that wheel can still be read.
  const misread = scored('0490', 3, 0);
  misread.cells[3].unread = true;
  misread.cells[2].score = 0.99;
  assert.equal(combineDigits(misread, wheels).digits, '0490');
  assert.equal(cnnSettles(misread, wheels, 3), true);
  assert.equal(cnnSettles(misread, wheels, 2), true, 'a sure digit kept against the CNN is no doubt of its cell');
});

test('combineDigits: the CNN never turns a barely read leading 0 (a frame edge, a blank cell) into a digit', () => {
  const positions = [6, 0, 8, 1, 9, 9, 8];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  const framed = scored('0081998', 0, 0.15);
  framed.cells[1].score = 0.15;
  const r = combineDigits(framed, { ...wheels, positions: [6, 6, 8, 1, 9, 9, 8], probabilities: [6, 6, 8, 1, 9, 9, 8].map((v) => peaked(v, 0.95)) });
  // The first cell stays a disagreement; the second, inside the row, is the CNN's to read.
  assert.deepEqual(r, { digits: '0681998', disagreements: 1, overruled: 0 });
  // A leading digit other than 0 that the OCR barely read is still the CNN's to correct.
  const three = scored('3081998', 0, 0.15);
  assert.equal(combineDigits(three, wheels).digits, '6081998');
});

test('regularise tolerates CTC jitter of a third of a pitch, not a digit squeezed in at half a pitch', () => {
  const jitter = [0, 85, 148, 211, 275].map((u, i) => cell(i, u));
  const r = regularise(jitter, 63);
  assert.equal(r.cells.length, 5);
  assert.equal(r.regular, true);
  const squeezed = [0, 63, 126, 157, 220, 283].map((u, i) => cell(i, u));
  assert.equal(regularise(squeezed, 63).regular, false);
});

test('combineDigits: a wheel the CNN sees at x.9 confirms neither x nor x+1 for the OCR', () => {
  const positions = [0, 4, 8, 0.9];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  // A fairly confident OCR 0 on a wheel the CNN puts at 0.9 (a 1 read low, or a 0 about to turn).
  const confident = scored('0480', 3, 0.74);
  assert.equal(combineDigits(confident, wheels).disagreements, 1);
  // An unsure OCR 0 there is no better.
  const unsure = scored('0480', 3, 0.4);
  assert.equal(combineDigits(unsure, wheels).disagreements, 1);
  // The OCR's 1 on the same wheel stands.
  assert.equal(combineDigits(counter('0481'), wheels).disagreements, 0);
});

/**
 * A row of 8 drum faces (5 light, 3 red) 20 px apart, lit by light of colour `cast` (RGB gains).
 * The `scratched` drum shows red only in a narrow strip down its middle (a dark scratch across it).
 */
function drumRow(cast: [number, number, number], scratched = -1): RgbImage {
  return rowImage((x, y, k) => {
    const scratch = k === scratched && (Math.abs(x - (19.5 + k * 20)) > 1 || y < 35 || y >= 45);
    const face = y >= 25 && y < 55 && k >= 0 && k < 8 && !scratch ? (k < 5 ? [235, 235, 235] : [200, 35, 35]) : [60, 60, 60];
    return face.map((v, c) => Math.min(255, v * cast[c]));
  });
}

/** A 200x80 image of a row whose drums are 20 px apart, the first at x 10; `k` is the drum under x. */
function rowImage(colourAt: (x: number, y: number, k: number) => number[]): RgbImage {
  const width = 200;
  const height = 80;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colourAt(x, y, Math.floor((x - 10) / 20)), (y * width + x) * 3);
  }
  return { data, width, height };
}

const rowWindow = () => ({ cells: [...'00439160'].map((d, i) => ({ ...cell(Number(d), 20 + i * 20), y: 40 })), axis: [1, 0] as [number, number], height: 30, pitch: 20, lineIndexes: [0], score: 1 });

test('red drums are found under neutral light, and under warm light that paints every drum red', () => {
  const neutral = readCounter(drumRow([1, 1, 1]), rowWindow());
  assert.equal(neutral?.decimals, 3);
  assert.equal(neutral?.decimalSource, 'colour');
  assert.equal(neutral?.gains, undefined);
  const warm = drumRow([1.08, 0.8, 0.6]);
  const c = warm.data;
  assert.ok(c[(40 * 200 + 30) * 3] - c[(40 * 200 + 30) * 3 + 2] > 40, 'the light faces look red-orange');
  const r = readCounter(warm, rowWindow());
  assert.equal(r?.decimals, 3);
  assert.equal(r?.decimalSource, 'colour');
  assert.ok(r?.gains && r.gains[0] < 1 && r.gains[2] > 1);
});

test('a weaker cast that leaves only some black drums reddish is balanced when that gives a clean red run', () => {
  const img = drumRow([1.08, 0.8, 0.6]);
  // The second drum's face is grey (in shadow): the row is no longer red from end to end.
  for (let y = 25; y < 55; y++) for (let x = 30; x < 50; x++) img.data.set([150, 150, 150], (y * 200 + x) * 3);
  const r = readCounter(img, rowWindow());
  assert.equal(r?.decimals, 3);
  assert.equal(r?.decimalSource, 'colour');
  assert.ok(r?.gains);
  // Balancing that finds no clean run leaves the row as measured: no decimals from colour.
  const mixed = drumRow([1.08, 0.8, 0.6]);
  for (let y = 25; y < 55; y++) for (let x = 150; x < 170; x++) mixed.data.set([150, 150, 150], (y * 200 + x) * 3);
  for (let y = 25; y < 55; y++) for (let x = 10; x < 30; x++) mixed.data.set([200, 35, 35], (y * 200 + x) * 3);
  const m = readCounter(mixed, rowWindow());
  assert.notEqual(m?.decimalSource, 'colour');
  assert.equal(m?.gains, undefined);
});

test('a red drum that only shows red down its middle still ends the whole part', () => {
  const r = readCounter(drumRow([1, 1, 1], 5), rowWindow());
  assert.ok(r && r.redFractions[5] < 0.1, `the scratched drum's cell is barely red (${r?.redFractions[5]})`);
  assert.equal(r?.decimals, 3);
  assert.equal(r?.decimalSource, 'colour');
  // A black drum with the same strip is no red drum: the row's run is not continued over it.
  const black = readCounter(drumRow([1, 1, 1], 4), rowWindow());
  assert.equal(black?.decimals, 3);
});

/** The row with its drums up to `last` (their faces and what lies round them) at `share` of the light: a shadow's edge. */
function shadowed(img: RgbImage, last: number, share: number): RgbImage {
  const data = Uint8Array.from(img.data);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < 10 + 20 * (last + 1); x++) for (let c = 0; c < 3; c++) data[(y * img.width + x) * 3 + c] = Math.round(data[(y * img.width + x) * 3 + c] * share);
  }
  return { ...img, data };
}

test('a red drum in the shadow across the row still starts the red run', () => {
  const row = shadowed(drumRow([1, 1, 1]), 5, 0.3);
  assert.deepEqual([...row.data.slice((40 * 200 + 120) * 3, (40 * 200 + 120) * 3 + 3)], [60, 11, 11], 'the first red drum is too dark to count as red');
  const r = readCounter(row, rowWindow());
  assert.ok(r && r.redFractions[5] < 0.1, `the shadowed red drum's cell is not red to the colour test (${r?.redFractions[5]})`);
  assert.equal(r?.decimals, 3);
  assert.equal(r?.decimalSource, 'colour');
  // Dark brown drums before the red ones are red in hue too, shadowed or not: the run is not extended over them.
  const brown = rowImage((x, y, k) => (y >= 25 && y < 55 && k >= 0 && k < 8 ? (k < 5 ? [60, 28, 24] : k === 5 ? [55, 10, 10] : [200, 35, 35]) : [60, 60, 60]));
  assert.equal(readCounter(brown, rowWindow())?.decimals, 2);
});

test('rowWhiteGains leaves a grey-lit row alone and refuses a cast too strong to be the light', () => {
  const cells = rowWindow().cells;
  const g = rowWhiteGains(drumRow([1, 1, 1]), cells, [1, 0], 20, 30);
  assert.ok(g && g.every((v) => Math.abs(v - 1) < 0.02));
  assert.equal(rowWhiteGains(drumRow([1, 0.4, 0.3]), cells, [1, 0], 20, 30), null);
});

test('a strong tungsten cast (whites twice as red as blue) is still balanced and the red drums found', () => {
  const img = drumRow([1.05, 0.78, 0.5]);
  const g = rowWhiteGains(img, rowWindow().cells, [1, 0], 20, 30);
  assert.ok(g && g[2] / g[0] > 1.8, `gains ${g}`);
  const r = readCounter(img, rowWindow());
  assert.equal(r?.decimals, 3);
  assert.equal(r?.decimalSource, 'colour');
});

test('dropDividers removes window dividers read as 1 and digits read twice, never a real 1', () => {
  // Drums 45 px apart in separate windows: "0|0 1 4|0|7 3 8", the last 8 emitted twice.
  const cells = [cell(0, 309), cell(1, 332), cell(0, 354), cell(1, 400), cell(4, 445), cell(1, 479), cell(0, 502), cell(1, 524), cell(7, 547), cell(3, 592), cell(8, 645), cell(8, 649)];
  assert.equal(dropDividers(cells).map((c) => c.digit).join(''), '00140738');
  // Real 1s, a pitch from each neighbour, stay.
  const ones = [0, 1, 1, 0, 1, 8].map((d, i) => cell(d, i * 40));
  assert.equal(dropDividers(ones).map((c) => c.digit).join(''), '011018');
  // A real 88 a pitch apart is two digits.
  assert.equal(dropDividers([8, 8, 3, 5].map((d, i) => cell(d, i * 40))).length, 4);
});

test('combineDigits: a near-certain OCR digit stands against a CNN veto, except on the last wheel', () => {
  const positions = [0, 1, 7, 4];
  const wheels = { positions, probabilities: positions.map((v) => peaked(v, 0.95)) };
  // The CNN reads the sure `1` as a `7`, one of its classic drum confusions.
  const certain = scored('0114', 2, 0.97);
  assert.deepEqual(combineDigits(certain, wheels), { digits: '0114', disagreements: 0, overruled: 1 });
  // The same veto on the last wheel (which rolls) stays a disagreement.
  const lastCertain = scored('0173', 3, 0.99);
  assert.deepEqual(combineDigits(lastCertain, wheels), { digits: '0173', disagreements: 1, overruled: 0 });
  // Merely confident (0.9): a disagreement, as before.
  assert.deepEqual(combineDigits(counter('0114'), wheels), { digits: '0114', disagreements: 1, overruled: 0 });
  // Outside the classic confusions, a CNN that reads every other wheel as the OCR does read that
  // drum, not the row, wrong: a disagreement (a `0` under a rolling 9's tail read `6`).
  const zeros = [3, 0, 0, 4];
  const zeroWheels = { positions: zeros, probabilities: zeros.map((v) => peaked(v, 0.95)) };
  assert.deepEqual(combineDigits(scored('3604', 1, 0.98), zeroWheels), { digits: '3604', disagreements: 1, overruled: 0 });
  // ... unless it reads another wheel unlike the OCR too (a row it misread: its outlines as 0s).
  const offRow = [3, 0, 0, 0];
  const offWheels = { positions: offRow, probabilities: offRow.map((v) => peaked(v, 0.95)) };
  assert.equal(combineDigits(scored('3604', 1, 0.98), offWheels).overruled, 1);
  // A rolling last wheel the OCR read as its next digit (2.7 read `3`) is no wheel read otherwise: the
  // sure `1` the CNN sees as a firm 9 stays a disagreement (a box half across a gas row's `9`).
  const rolled = [8, 5, 9, 9, 2.7];
  const rolledWheels = { positions: rolled, probabilities: rolled.map((v) => peaked(v, 0.95)) };
  assert.deepEqual(combineDigits(scored('85193', 2, 0.98), rolledWheels), { digits: '85193', disagreements: 1, overruled: 0 });
  // ... while a last wheel read two digits on is one the CNN and the OCR read otherwise.
  assert.equal(combineDigits(scored('85194', 2, 0.98), rolledWheels).overruled, 1);
});

test('a row with a printed point that stops right before a red drum is flagged: the OCR stopped short', () => {
  const cells = [...'00439'].map((d, i) => ({ ...cell(Number(d), 20 + i * 20), y: 40, followedBySeparator: i === 2 }));
  const r = readCounter(drumRow([1, 1, 1]), { cells, axis: [1, 0], height: 30, pitch: 20, lineIndexes: [0], score: 1 });
  assert.equal(r?.decimalSource, 'point');
  assert.equal(r?.redBeyond, true);
  // The whole row, red drums included: the decimals come from the colour, nothing lies beyond.
  const whole = readCounter(drumRow([1, 1, 1]), rowWindow());
  assert.equal(whole?.redBeyond, false);
});

test('a plain row that stops one or two black drums before the red drums is flagged: drums were left unboxed', () => {
  const window = (digits: string) => ({ cells: [...digits].map((d, i) => ({ ...cell(Number(d), 20 + i * 20), y: 40 })), axis: [1, 0] as [number, number], height: 30, pitch: 20, lineIndexes: [0], score: 1 });
  // Drums 0..3 read, drum 4 (black) and the red drums 5..7 not; then drums 3 and 4 unread too.
  const r = readCounter(drumRow([1, 1, 1]), window('0043'));
  assert.equal(r?.decimalSource, 'none');
  assert.equal(r?.redBeyond, true);
  assert.equal(readCounter(drumRow([1, 1, 1]), window('004'))?.redBeyond, true);
  // Three black drums unread: the red one is too far on to say anything.
  const oneRed = rowImage((x, y, k) => (y >= 25 && y < 55 && k >= 0 && k < 8 ? (k < 7 ? [235, 235, 235] : [200, 35, 35]) : [60, 60, 60]));
  assert.equal(readCounter(oneRed, window('004'))?.redBeyond, false);
  assert.equal(readCounter(oneRed, window('004391'))?.redBeyond, true);
});

/** 8 dark drums 20 px apart; the frame round the last `red` of them is red, round the others grey. */
function framedRow(red: number): RgbImage {
  return rowImage((x, y, k) => {
    const inDrum = y >= 28 && y < 52 && k >= 0 && k < 8 && Math.abs(x - (20 + k * 20)) < 9.5;
    return inDrum ? [45, 40, 40] : k >= 8 - red && k < 8 ? [200, 30, 30] : [150, 150, 150];
  });
}

test('dark fractional drums in a red frame: the frame places the decimal point', () => {
  const r = readCounter(framedRow(3), rowWindow());
  assert.ok(r && Math.max(...r.redFractions) < 0.1, `the drums themselves are not red (${r?.redFractions})`);
  assert.equal(r?.decimalSource, 'colour');
  assert.equal(r?.decimals, 3);
  // A frame red all along is the meter's colour, not a mark.
  assert.equal(readCounter(framedRow(8), rowWindow())?.decimalSource, 'none');
  // A printed point that disagrees with the frame wins; one that agrees changes nothing.
  const pointAt = (i: number) => ({ ...rowWindow(), cells: rowWindow().cells.map((c, j) => ({ ...c, followedBySeparator: j === i })) });
  assert.deepEqual([readCounter(framedRow(3), pointAt(5))?.decimalSource, readCounter(framedRow(3), pointAt(5))?.decimals], ['point', 2]);
  assert.deepEqual([readCounter(framedRow(3), pointAt(4))?.decimalSource, readCounter(framedRow(3), pointAt(4))?.decimals], ['colour', 3]);
});

test('framedRun: an evenly framed tail counts; a last cell much less framed is the frame edge read as a digit', () => {
  assert.equal(framedRun([0, 0, 0, 0, 0, 0.83, 1, 0.72]), 3);
  assert.equal(framedRun([0, 0, 0, 0, 0, 0.85, 1, 0.59, 0.38]), 0);
  assert.equal(framedRun([0, 0, 0, 0]), 0);
});

test('a red frame that goes on past the last cell round a dark drum: the OCR stopped short of it', () => {
  const short = { ...rowWindow(), cells: rowWindow().cells.slice(0, 7) };
  const r = readCounter(framedRow(3), short);
  assert.equal(r?.decimalSource, 'none');
  assert.equal(r?.redBeyond, true);
  // With the point after the whole part read, the same: the frame's drums are not all there.
  const pointed = { ...short, cells: short.cells.map((c, j) => ({ ...c, followedBySeparator: j === 4 })) };
  assert.deepEqual([readCounter(framedRow(3), pointed)?.decimalSource, readCounter(framedRow(3), pointed)?.redBeyond], ['point', true]);
});

test('unreadRedTails adds the framed drum faces past a row: as many as the frame goes on round', () => {
  const upTo = (n: number) => ({ ...rowWindow(), cells: rowWindow().cells.slice(0, n) });
  const img = framedRow(3);
  for (const [read, added] of [[7, 1], [6, 2], [5, 3]]) {
    const c = readCounter(img, upTo(read));
    assert.ok(c);
    const tails = unreadRedTails(img, c);
    assert.equal(tails.length, 1, `${read} cells read`);
    const [tail] = tails;
    assert.deepEqual([tail.cells.length, tail.decimals, tail.decimalSource], [8, 3, 'colour'], `${read} cells read`);
    assert.equal(tail.cells.filter((k) => k.unread).length, added);
    assert.deepEqual(tail.cells.slice(read).map((k) => Math.round(k.x)), [120, 140, 160].slice(read - 5));
  }
  // Every framed drum read: nothing to add.
  assert.deepEqual(unreadRedTails(img, readCounter(img, rowWindow())!), []);
});

test('stepPitch: an evenly spaced row\'s length over its gaps, else the median gap', () => {
  const at = (...u: number[]) => u.map((v) => ({ u: v }));
  // OCR peaks jittering by turns round a 57.6 pitch.
  assert.equal(stepPitch(at(165, 226, 278, 340, 391, 453)), 57.6);
  // A gap much longer than the others (a drum left out): the median.
  assert.equal(stepPitch(at(0, 20, 40, 80, 100)), 20);
  assert.equal(stepPitch(at(5)), 0);
});

test('combineDigits: the CNN reads at most one unsure OCR digit before the last wheel in place of the OCR', () => {
  const wheelsAt = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // The OCR barely saw one drum (a 1 read as 7): the CNN's sure 1 stands in for it.
  const once = scored('07797727', 5, 0.15);
  assert.deepEqual(combineDigits(once, wheelsAt([0, 7, 7, 9, 7, 1, 2, 7])), { digits: '07797127', disagreements: 0, overruled: 0 });
  // Two barely seen drums: the CNN would read both (the second as its 1/7 confusion); the row is not trusted.
  const twice = scored('07497727', 2, 0.15);
  twice.cells[5].score = 0.15;
  const r = combineDigits(twice, wheelsAt([0, 7, 1, 9, 7, 1, 2, 7]));
  assert.equal(r.disagreements, 1);
  assert.equal(r.digits, '07197727');
});

/**
 * Light drum faces 12 px wide in a red band, each with a 4 px numeral stroke: black on the first
 * five, red on the last three (a hot-water meter's red numerals); `faces` drums in all.
 */
function bandedRow(faces = 8): RgbImage {
  const band = [196, 22, 28];
  return rowImage((x, y, k) => {
    if (y < 20 || y >= 60 || k < 0 || k >= faces) return [60, 60, 60];
    const off = x - (10 + k * 20);
    if (y < 25 || y >= 55 || off < 4 || off >= 16) return band;
    if (Math.abs(off - 9.5) <= 2 && y >= 30 && y < 50) return k < 5 ? [20, 20, 20] : band;
    return [242, 242, 238];
  });
}

test('red numerals on light drums in a red band give the decimals through the cells\' cores', () => {
  const r = readCounter(bandedRow(), rowWindow());
  // Every cell takes in some band; only the cores tell the numerals apart.
  assert.ok(Math.min(...r!.redFractions.slice(0, 5)) >= 0.1);
  assert.equal(r?.decimalSource, 'colour');
  assert.equal(r?.decimals, 3);
  assert.equal(r?.redAfterTail, false);
});

test('one more red drum face past a row ending in red drums is flagged; red band past red numerals is not', () => {
  const short = { ...rowWindow(), cells: rowWindow().cells.slice(0, 7) };
  // Drums 0..6 read, the last red drum (7) not.
  const stopped = readCounter(drumRow([1, 1, 1]), short);
  assert.equal(stopped?.decimals, 2);
  assert.equal(stopped?.redAfterTail, true);
  assert.equal(readCounter(drumRow([1, 1, 1]), rowWindow())?.redAfterTail, false);
  // Past the last red numeral read lies one more light drum face in the band (its numeral unread).
  assert.equal(readCounter(bandedRow(), short)?.redAfterTail, false);
  // Red faces whose white numerals JPEG has spread to over half of them (0.45 red) are still faces.
  const worn = rowImage((x, y, k) => {
    if (y < 25 || y >= 55 || k < 0 || k >= 8) return [60, 60, 60];
    if (k >= 5 && Math.abs(x - (19.5 + k * 20)) < 5 && y >= 32 && y < 48) return [240, 240, 240];
    return k < 5 ? [235, 235, 235] : [200, 35, 35];
  });
  const wornStop = readCounter(worn, short);
  assert.ok(Math.max(...wornStop!.redFractions.slice(5)) < 0.5);
  assert.equal(wornStop?.redAfterTail, true);
});

test('a red cell past a row\'s last red drum is flagged however pale; a dark drum there is not', () => {
  // Drums 0..5 read, drum 5 red; drum 6 a red face a lamp's glare has mostly whitened, or a dark drum.
  const six = { ...rowWindow(), cells: rowWindow().cells.slice(0, 6) };
  const row = (next: 'pale' | 'dark') =>
    rowImage((x, y, k) => {
      if (y < 25 || y >= 55 || k < 0 || k >= 8) return [60, 60, 60];
      if (k < 5) return [235, 235, 235];
      if (k === 5) return [200, 35, 35];
      if (next === 'dark') return [40, 40, 40];
      return Math.abs(x - (19.5 + k * 20)) < 7 ? [245, 235, 235] : [200, 35, 35];
    });
  const pale = readCounter(row('pale'), six);
  assert.equal(pale?.decimals, 1);
  assert.ok(pale!.redAfterTail === false, 'too pale for a face');
  assert.equal(pale?.redCellAfter, true);
  const dark = readCounter(row('dark'), six);
  assert.equal(dark?.decimals, 1);
  assert.equal(dark?.redCellAfter, false);
});

test('a cell past a red frame\'s end, over its right edge, is not framed through to its right edge', () => {
  // Light drums on a dark band; drums 5..7 in a red frame (its bars round y 22..28 and 52..58, its
  // sides at x 108..112 and 168..172); the band goes on dark past it.
  const img = rowImage((x, y, k) => {
    const red = [196, 22, 28];
    const inFrame = x >= 108 && x < 172 && y >= 22 && y < 58;
    if (inFrame && (y < 28 || y >= 52 || x < 112 || x >= 168)) return red;
    if (y < 25 || y >= 55 || k < 0) return [60, 60, 60];
    return k < 8 ? [235, 235, 235] : [40, 40, 40];
  });
  const row = (xs: number[]) => ({ cells: xs.map((x, i) => ({ ...cell(i % 10, x), y: 40 })), axis: [1, 0] as [number, number], pitch: 20, height: 30 });
  const eight = [20, 40, 60, 80, 100, 120, 140, 160];
  assert.equal(framedToRightEdge(img, row(eight), 3), true);
  assert.equal(framedToRightEdge(img, row(eight), 4), false, 'the drum before the frame');
  // A face added a pitch and a bit past the last framed drum takes in the frame's right side, on its
  // left only; one placed a little before a framed drum takes in the frame on its right.
  assert.equal(framedToRightEdge(img, row([...eight, 176]), 1), false);
  assert.equal(framedToRightEdge(img, row([...eight, 176]), 4), false);
  assert.equal(framedToRightEdge(img, row([20, 40, 60, 80, 100, 114]), 1), true);
});

/**
 * Dark drums 20 px apart (k 0..4), then a light tenth drum (k 5) in a red frame that hugs its window,
 * `reach` px either side of its centre, on a grey plate.
 */
function tightFrame(reach = 11): RgbImage {
  return rowImage((x, y, k) => {
    const drum = y >= 28 && y < 52 && k >= 0 && k <= 5 && Math.abs(x - (20 + k * 20)) < 8.5;
    if (drum) return k < 5 ? [40, 40, 40] : [235, 235, 235];
    const frame = Math.abs(x - 120) <= reach && y >= 23 && y < 57;
    return frame ? [200, 30, 30] : [150, 150, 150];
  });
}

const tightWindow = (digits: string) => ({ cells: [...digits].map((d, i) => ({ ...cell(Number(d), 20 + i * 20), y: 40 })), axis: [1, 0] as [number, number], height: 30, pitch: 20, lineIndexes: [0], score: 1 });

test('a red frame that hugs the last drum\'s window marks it as the fractional drum', () => {
  const r = readCounter(tightFrame(), tightWindow('004391'));
  assert.deepEqual([r?.decimalSource, r?.decimals, r?.redBeyond], ['colour', 1, false]);
  // The frame's edge reaching into the next cell is no framed drum left out.
  const edge = readCounter(tightFrame(14), tightWindow('004391'));
  assert.deepEqual([edge?.decimalSource, edge?.decimals, edge?.redBeyond], ['colour', 1, false]);
});

test('a framed drum two pitches past a row: a whole drum and the framed one were left out', () => {
  assert.equal(readCounter(tightFrame(), tightWindow('0043'))?.redBeyond, true);
  assert.equal(readCounter(tightFrame(), tightWindow('00439'))?.redBeyond, true);
  // Three pitches on, as for red drums, too far to say.
  assert.equal(readCounter(tightFrame(), tightWindow('004'))?.redBeyond, false);
});

test('combineDigits: a drum the OCR read no digit on is the CNN\'s, when it firmly reads one and the wheel is not mid-roll', () => {
  const unread = (digits: string, i: number) => {
    const c = counter(digits);
    c.cells[i] = { ...c.cells[i], score: 0, unread: true };
    return c;
  };
  const wheelsAt = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // The stand-in 0 says nothing, even where the CNN reads a 0.
  assert.deepEqual(combineDigits(unread('01340', 4), wheelsAt([0, 1, 3, 4, 7.4])), { digits: '01347', disagreements: 0, overruled: 0 });
  assert.deepEqual(combineDigits(unread('01340', 4), wheelsAt([0, 1, 3, 4, 0])), { digits: '01340', disagreements: 0, overruled: 0 });
  // A last wheel where either digit may be written down, or a wheel before it mid-roll: no digit.
  assert.equal(combineDigits(unread('01340', 4), wheelsAt([0, 1, 3, 4, 7.6])).disagreements, 1);
  assert.equal(combineDigits(unread('01300', 3), wheelsAt([0, 1, 3, 4.5, 0])).disagreements, 1);
  // The CNN spread over two digits: none.
  const spread = { positions: [0, 1, 3, 4, 7], probabilities: [0, 1, 3, 4].map((v) => peaked(v, 0.95)).concat([peaked(7, 0.5)]) };
  assert.equal(combineDigits(unread('01340', 4), spread).disagreements, 1);
  // At most one unread drum before the last one.
  const two = unread('013006', 3);
  two.cells[4] = { ...two.cells[4], score: 0, unread: true };
  assert.equal(combineDigits(two, wheelsAt([0, 1, 3, 4, 5, 6])).disagreements, 1);
});

test('combineDigits: the CNN reads no digit its best position contradicts, nor a wheel before the last part way on with no carry behind it', () => {
  const wheelsAt = (positions: number[]) => ({ positions, probabilities: positions.map((v) => peaked(v, 0.95)) });
  // A red 1 the OCR read as 7 at 0.42; a misframed CNN sees 0.8: that snaps to 1, yet counts as showing 0.
  const c = scored('0476', 2, 0.42);
  const low = new Float32Array(100).fill(0.0005);
  low[8] = 0.5;
  low[6] = 0.45;
  assert.equal(soleDigit(low), 0);
  const misframed = wheelsAt([0, 4, 0.8, 6]);
  misframed.probabilities[2] = low;
  assert.equal(combineDigits(c, misframed).disagreements, 1);
  // Seen on the 1 itself, the CNN reads it.
  assert.deepEqual(combineDigits(c, wheelsAt([0, 4, 1, 6])), { digits: '0416', disagreements: 0, overruled: 0 });
  // Half way between 0 and 1 while the last wheel stands at 6: no such wheel; behind a last wheel
  // passing 9 -> 0, it is 0.
  assert.equal(combineDigits(c, wheelsAt([0, 4, 0.5, 6])).disagreements, 1);
  assert.deepEqual(combineDigits(scored('0479', 2, 0.42), wheelsAt([0, 4, 0.5, 9.5])), { digits: '0409', disagreements: 0, overruled: 0 });
  // A wheel at 7.5 behind one at 9.5 shows 7: the OCR's 8 there is no reading.
  assert.equal(combineDigits(counter('0489'), wheelsAt([0, 4, 7.5, 9.5])).disagreements, 1);
  assert.deepEqual(combineDigits(counter('0480'), wheelsAt([0, 4, 7.5, 0])), { digits: '0480', disagreements: 0, overruled: 0 });
  // The same holds for a drum the OCR read no digit on.
  const unread = counter('0406');
  unread.cells[2] = { ...unread.cells[2], score: 0, unread: true };
  assert.equal(combineDigits(unread, misframed).disagreements, 1);
});

test('a black drum whose cell takes in the edge of the red drum after it is no red drum', () => {
  // The OCR's last cell placed a fifth of a pitch off, into the first red drum: red at its edge, none in its core.
  const window = (digits: string) => ({
    cells: [...digits].map((d, i) => ({ ...cell(Number(d), 20 + i * 20 + (i === 4 ? 4 : 0)), y: 40 })),
    axis: [1, 0] as [number, number],
    height: 30,
    pitch: 20,
    lineIndexes: [0],
    score: 1,
  });
  const short = readCounter(drumRow([1, 1, 1]), window('00439'));
  assert.ok(short && short.redFractions[4] >= 0.1 && short.redCores[4] < 0.05, `tinged cell: ${short?.redFractions[4]} / ${short?.redCores[4]}`);
  assert.equal(short?.decimalSource, 'none');
  assert.equal(short?.redBeyond, true, 'the OCR stopped short of the red drums');
  const whole = readCounter(drumRow([1, 1, 1]), window('00439160'));
  assert.equal(whole?.decimals, 3);
  assert.equal(whole?.decimalSource, 'colour');
  // A red drum's own cell is red in its core; red numerals on a light face are red there too.
  assert.equal(tingedByNext(0.3, 0.6, 0.8), false);
  assert.equal(tingedByNext(0.15, 0.3, 0.8), false);
  // Red at the edge with no red face after it: left to the other tests.
  assert.equal(tingedByNext(0.15, 0.0, 0.2), false);
  assert.equal(tingedByNext(0.15, 0.0, 0.8), true);
});

test("a lone last cell red only at its edges, nothing red past it, is a frame's edge or mark, not a red drum", () => {
  // A light-drum gas face's first framed drum: the frame's left edge and a red comma in its cell.
  assert.equal(edgeOnly(0.125, 0, 0), true);
  // A red drum's core is red; so is a red numeral's on a light face; red past it: left to tingedByNext.
  assert.equal(edgeOnly(0.3, 0.6, 0), false);
  assert.equal(edgeOnly(0.15, 0.3, 0), false);
  assert.equal(edgeOnly(0.125, 0, 0.3), false);
  // A red face all over is a drum whatever its core.
  assert.equal(edgeOnly(0.6, 0, 0), false);
});

test('ocrAgreement: the whole drums (before the last two) whose wheel readings compose to the OCR digit', () => {
  const preds = (positions: number[]) => positions.map((value) => ({ value, probability: 0.9, probabilities: peaked(value, 0.9) }));
  const c = counter('72584653');
  // Framed right: every whole drum agrees.
  assert.equal(ocrAgreement(c, preds([7, 2, 5, 8, 4, 6, 5, 3.4]), 6), 6);
  // A crop cutting the numerals reads each wheel a tenth short: composed, each is the lower digit.
  assert.equal(ocrAgreement(c, preds([7, 1.9, 4.9, 7.9, 4, 5.9, 4.9, 5.3]), 6), 2);
  // A cell added unread for the CNN is no OCR digit to agree with.
  const unread = { ...c, cells: c.cells.map((k, i) => (i === 1 ? { ...k, unread: true } : k)) };
  assert.equal(ocrAgreement(unread, preds([7, 0, 5, 8, 4, 6, 5, 3]), 6), 5);
});

test('nearOcr: larger crops are tried only where the usual ones read every whole drum near the OCR digit', () => {
  const preds = (positions: number[]) => positions.map((value) => ({ value, probability: 0.9, probabilities: peaked(value, 0.9) }));
  const c = counter('01347494');
  // A tenth short everywhere (numerals cut by a tight crop), or past 9 to 0: near.
  assert.equal(nearOcr(c, preds([9.9, 0.9, 2.9, 3.9, 6.8, 4, 9, 4]), 6), true);
  // Another digit (a blurred 1 that the OCR read as a 0, read as a 1): not near, whatever the last two read.
  assert.equal(nearOcr(counter('00347494'), preds([0, 1, 3, 4, 7, 4, 5, 1]), 6), false);
  assert.equal(nearOcr(c, preds([0, 1, 3, 4, 7, 4, 5, 1]), 6), true);
});

test('combineDigits: a digit the CNN reads in place of a sure OCR digit of the row, across its confusions, vouches for nothing there', () => {
  // A red `1` read `7` at 0.45 by the OCR and 7.0 by the CNN, which also read the sure black `1` as a 7.
  const row = scored('30401970', 6, 0.45);
  row.cells[4].score = 1;
  const wheels = { positions: [3, 0, 4, 0, 7, 9, 7, 0] };
  assert.deepEqual(combineDigits(row, wheels), { digits: '30401970', disagreements: 1, overruled: 1 });
  // With the black `1` read as one by the CNN, its 7 agrees with the OCR's.
  assert.deepEqual(combineDigits(row, { positions: [3, 0, 4, 0, 1, 9, 7, 0] }), { digits: '30401970', disagreements: 0, overruled: 0 });
  // Nor may it fill in an unread drum with that digit.
  const unread = scored('30401970', 6, 0);
  unread.cells[4].score = 1;
  unread.cells[6].unread = true;
  assert.equal(combineDigits(unread, wheels).disagreements, 1);
});

test('showsNothingOf: a drum shows a digit from the one before it to the one after it, exclusive', () => {
  assert.equal(showsNothingOf(9, 0), true, 'a drum seen at 0.0 shows no 9');
  assert.equal(showsNothingOf(9, 9.9), false);
  assert.equal(showsNothingOf(9, 8.5), false, 'half an 8, half a 9');
  assert.equal(showsNothingOf(9, 8), true);
  assert.equal(showsNothingOf(0, 9.5), false);
  assert.equal(showsNothingOf(0, 0.9), false);
  assert.equal(showsNothingOf(3, 5), true);
});
