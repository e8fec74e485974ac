import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readingCandidates } from '../../../src/recognition/parse/reading-candidates.js';
import type { OcrLine } from '../../../src/recognition/parse/types.js';
import { line, PHOTO } from './helpers.js';

const top = (lines: OcrLine[]) => readingCandidates(lines, PHOTO)[0];
const texts = (lines: OcrLine[]) => readingCandidates(lines, PHOTO).map((r) => r.text);

test('decimal comma and dot are kept as the decimal part, leading zeros kept', () => {
  const r = top([line('00488,719', 200, 400, 600, 120)]);
  assert.equal(r.text, '00488.719');
  assert.equal(r.value, 488.719);
  assert.equal(r.integerDigits, 5);
  assert.equal(r.decimals, 3);
  assert.equal(top([line('12345.6', 200, 400, 500, 100)]).text, '12345.6');
});

test('drum digits separated by spaces are joined', () => {
  assert.equal(top([line('0 0 4 8 7 2 3 8', 150, 400, 700, 120)]).text, '00487238');
});

test("a display's decimals spaced apart after its point are joined; spaces before a last point are not decimals", () => {
  // A seven-segment `1` sits right of its cell, and the OCR reads the wide gap before it as a space.
  assert.equal(top([line('71569.7 16', 150, 400, 700, 120)]).text, '71569.716');
  assert.equal(top([line('0 15 16.2', 150, 400, 700, 120)]).text, '01516.2');
  // More than four digits after the point are not a reading's decimals.
  assert.ok(!texts([line('1.5 16 48', 150, 400, 700, 120)]).includes('1.51648'));
});

test('look-alike letters inside the counter are repaired', () => {
  assert.equal(top([line('0O4B7238', 150, 400, 700, 120)]).text, '00487238');
  assert.equal(top([line('242719D2', 143, 327, 400, 74)]).text, '24271902');
});

test('the tallest digit row near the centre wins over small printed numbers', () => {
  const lines = [
    line('12-1533308', 245, 200, 440, 60),
    line('00487238', 150, 330, 670, 125),
    line('K=2.3148x10-6', 30, 800, 350, 50),
    line('Qn1,5m/h', 137, 768, 176, 40),
    line('x0,0001', 728, 929, 150, 44),
  ];
  const r = top(lines);
  assert.equal(r.text, '00487238');
  assert.ok(r.score > 0.7);
  assert.equal(r.height, 125);
  assert.ok(!texts(lines).includes('121533308'), 'hyphenated numbers are identifiers, not readings');
});

test('ratings, constants, years, dates and phone numbers score low', () => {
  const lines = [
    line('013414,9', 290, 300, 400, 90),
    line('kW·h', 700, 300, 110, 90),
    line('220V', 250, 460, 100, 90),
    line('1600 imp/kWh', 400, 460, 260, 90),
    line('2019', 700, 460, 120, 90),
    line('22/12/2019 15:39', 100, 600, 300, 90),
    line('8-800-555-35-35', 100, 700, 300, 90),
  ];
  const all = readingCandidates(lines, PHOTO);
  assert.equal(all[0].text, '013414.9');
  for (const r of all.slice(1)) assert.ok(r.score < 0.45, `${r.text} scored ${r.score}`);
});

test('a unit after the digits (kWh, m3) raises the score; LCD value with unit in one line', () => {
  const withUnit = top([line('1955 kWh', 300, 400, 300, 60)]);
  const without = top([line('1955', 300, 400, 300, 60)]);
  assert.equal(withUnit.text, '1955');
  assert.ok(withUnit.score > without.score);
  assert.equal(top([line('02204738-m', 123, 425, 400, 52)]).text, '02204738');
});

test('black and red parts read as two boxes on one row are joined, with and without a decimal point', () => {
  const lines = [line('0134', 516, 316, 343, 82), line('149', 812, 307, 305, 93)];
  const t = texts(lines);
  assert.ok(t.includes('0134149'));
  assert.ok(t.includes('0134.149'));
  assert.equal(top(lines).text, '0134149');
});

test('an unsure leading digit (drum window edge) is offered without it', () => {
  const l: OcrLine = { ...line('100487238', 142, 334, 670, 125), charScores: [0.5, 0.98, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99] };
  assert.equal(top([l]).text, '00487238');
  assert.equal(top([line('100487238', 142, 334, 670, 125)]).text, '00487238');
});

test('place-value labels under drums ("10000 1000 100 10") are not a reading', () => {
  const lines = [line('10000100010010', 247, 232, 300, 30), line('00003', 250, 190, 200, 28)];
  assert.equal(top(lines).text, '00003');
});

test('Chinese garbage around digits does not break extraction', () => {
  const lines = [line('電力计', 376, 275, 100, 28), line('17232', 360, 311, 150, 43), line('福', 166, 152, 7, 7), line('型式承第515号', 348, 482, 200, 30)];
  assert.equal(top(lines).text, '17232');
});

test('candidates carry a sub-box of the line for the digits', () => {
  const r = top([line('T1 012345.6 kWh', 100, 100, 600, 50)]);
  assert.equal(r.text, '012345.6');
  const xs = r.box.map((p) => p[0]);
  assert.ok(Math.min(...xs) > 100 && Math.max(...xs) < 700);
});

test('no digits: no candidates', () => {
  assert.deepEqual(readingCandidates([line('ITELMA', 100, 100, 300, 50)], PHOTO), []);
});

test('digits glued to a word (an approval mark such as RPT95261) score far below the same digits standing alone', () => {
  const glued = top([line('RPT95261', 300, 400, 300, 60)]);
  const alone = top([line('RP T 95261', 300, 400, 300, 60)]);
  assert.equal(glued.text, '95261');
  assert.equal(alone.text, '95261');
  assert.ok(glued.score < 0.25 * alone.score, `glued ${glued.score}, alone ${alone.score}`);
  // A single look-alike letter before LCD digits is not a word.
  assert.ok(top([line('L190684', 300, 400, 300, 60)]).score > 0.2 * alone.score);
});
