import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import type { OcrLine } from '../../../src/recognition/parse/types.js';
import { line, PHOTO } from './helpers.js';

const elec = [line('kWh', 700, 300, 100, 50), line('230V', 100, 600, 100, 40), line('5(60)A', 300, 600, 120, 40)];
const tariffOf = (...extra: string[]) =>
  parseMeterText([...elec, ...extra.map((t, i) => line(t, 150, 380 + 50 * i, 300, 40))], PHOTO).tariffCount;

test('single-register electricity meter: 1', () => {
  assert.equal(tariffOf('0134200'), 1);
});

test('tariff register marks T1..T4', () => {
  assert.equal(tariffOf('T1 T2'), 2);
  assert.equal(tariffOf('T2 012345.67'), 2);
  assert.equal(tariffOf('T1 T2 T3 T4'), 4);
  assert.equal(tariffOf('T3'), 3);
  assert.equal(tariffOf('T1'), 2, 'a register labelled T1 belongs to a multi-tariff meter');
  assert.equal(tariffOf('TI'), 2, 'its 1 read as a letter');
  assert.equal(tariffOf('TITAN'), 1);
  assert.equal(tariffOf('TL'), 2, "a monospaced T1's 1 read as L");
  assert.equal(tariffOf('T1T2T3T4'), 4, 'a row of marks read as one word');
  assert.equal(tariffOf('T1T2'), 2);
  assert.equal(tariffOf('AT1T2'), 1, 'marks only follow marks');
  assert.equal(parseMeterText([...elec, line('TL', 150, 380, 40, 40, 0.48)], PHOTO).tariffCount, 1, 'a drum edge read TL, unsurely');
});

test('OBIS 1.8.x, stated tariff counts, day/night and Chinese peak/valley', () => {
  assert.equal(tariffOf('1.8.1 004512.3', '1.8.2 001200.1'), 2);
  assert.equal(tariffOf('2-tariff'), 2);
  assert.equal(tariffOf('DAY', 'NIGHT'), 2);
  assert.equal(tariffOf('ДЕНЬ', 'НОЧЬ'), 2);
  assert.equal(tariffOf('TARIFF 3'), 3);
  assert.equal(tariffOf('TARIFA 2'), 2);
  assert.equal(tariffOf('TARYFA 2'), 2);
  assert.equal(tariffOf('RATE 1', 'RATE 2'), 2);
  assert.equal(tariffOf('NORMAL', 'LOW'), 2);
  assert.equal(tariffOf('ТАРИФ 2', '012345.67'), 2);
  assert.equal(tariffOf('2-ТАРИФНЫЙ'), 2);
  // Russian words as the recogniser reads them: Latin and Greek look-alikes, some letters lost.
  assert.equal(tariffOf('TAPVΦ 2', '012345.67'), 2);
  assert.equal(tariffOf('TapuΦ 3', '012345.67'), 3);
  assert.equal(tariffOf('TAPNΦ 2', '012345.67'), 2);
  assert.equal(tariffOf('TAPN中 2', '012345.67'), 2, 'its Ф read as a Chinese 中');
  assert.equal(tariffOf('TAPH2', '012345.67'), 2, 'a serif face: its И read as H, its Ф lost');
  assert.equal(tariffOf('Tapw4', '5157.7'), 4, 'a small monospaced face: its И read as w, its Ф lost');
  assert.equal(tariffOf('TAPH?4', '159.71'), 4, 'a glared serif face: its Ф read as a question mark');
  assert.equal(tariffOf('TAPNO1', '012345.67'), 2);
  assert.equal(tariffOf('TAPV01', '82885.5'), 2, 'its Ф read as a zero: `ТАРИФ 1`');
  assert.equal(tariffOf('TAPV03', '82885.5'), 3);
  assert.equal(tariffOf('TAP01', '82885.5'), 1, 'no tariff word');
  assert.equal(tariffOf('MHOIOTAPHOHbIN'), 2);
  assert.equal(tariffOf('TAPE 2'), 1);
  assert.equal(tariffOf('2-TAPVΦHbIN'), 2);
  assert.equal(tariffOf('ByXTAPUHbIN'), 2, 'ДВУХТАРИФНЫЙ, its Д lost');
  assert.equal(tariffOf('BOTapupHN'), 2, 'Ukrainian двотарифний');
  assert.equal(tariffOf('MHOrOTAPVOHbIN'), 2, 'МНОГОТАРИФНЫЙ: a multi-tariff meter, most often two');
  assert.equal(tariffOf('6araTOTapuΦHn'), 2, 'Ukrainian багатотарифний');
  assert.equal(tariffOf('MULTI-TARIFF'), 2);
  assert.equal(tariffOf('Zweitarif'), 2);
  assert.equal(tariffOf('OAHOTAPVΦHbIN'), 1, 'ОДНОТАРИФНЫЙ: one tariff');
  // A register code alone on its line, its first point unread; the total's code 1.8.0 is no tariff.
  assert.equal(tariffOf('18.2', '0012345.6'), 2);
  assert.equal(tariffOf('18.1', '0012345.6'), 2);
  assert.equal(tariffOf('18.0', '0012345.6'), 1);
  assert.equal(tariffOf('尖 峰 平 谷'), 4);
});

test('a tariff word whose number was boxed apart right after it', () => {
  const withLines = (...extra: Parameters<typeof line>[]) => parseMeterText([...elec, ...extra.map((a) => line(...a))], PHOTO).tariffCount;
  assert.equal(withLines(['TAPVΦ', 150, 380, 120, 30], ['3', 290, 380, 25, 30]), 3);
  assert.equal(withLines(['TARIFF', 150, 380, 120, 30], ['2', 300, 384, 25, 30]), 2);
  assert.equal(withLines(['TAPNの', 150, 380, 120, 30], ['1', 290, 380, 25, 30]), 2);
  // The word's box run on over its number, which was boxed apart too (a warm-lit `ТАРИФ 4`).
  assert.equal(withLines(['TAPN中', 645, 194, 106, 24], ['4', 745, 202, 10, 10]), 4);
  // Not a digit far along the line, on another level, before the word, or past the tariffs' range:
  // the word alone still marks a multi-tariff register.
  assert.equal(withLines(['TAPVΦ', 150, 380, 120, 30], ['3', 400, 380, 25, 30]), 2);
  assert.equal(withLines(['TAPVΦ', 150, 380, 120, 30], ['3', 290, 420, 25, 30]), 2);
  assert.equal(withLines(['TAPVΦ', 150, 380, 120, 30], ['3', 60, 380, 25, 30]), 2);
  assert.equal(withLines(['TAPVΦ', 150, 380, 120, 30], ['7', 290, 380, 25, 30]), 2);
  assert.equal(tariffOf('TARIFF: 3'), 3, 'a colon after the word');
  // A small `RATE 3` turned sideways and back: `RATE :` and its `3` boxed apart.
  assert.equal(withLines(['RATE :', 150, 380, 120, 30], ['3', 290, 380, 25, 30]), 3);
});

test("a tariff word held askew: its box's corner juts out over the number boxed apart", () => {
  // `ТАРИФ 4` tilted: `TAPN` boxed at a slant, its `4` boxed apart left of the box's top right corner.
  const word = { text: 'TAPN', score: 0.85, box: [[596.5, 265.2], [681.8, 276], [678.1, 305], [592.9, 294.3]] as [number, number][] };
  const four = { text: '4', score: 1, box: [[674.8, 284.6], [688, 284.6], [688, 299], [674.8, 299]] as [number, number][] };
  assert.equal(parseMeterText([...elec, word, four], PHOTO).tariffCount, 4);
  assert.equal(tariffOf('TAPHQ1', '4253.1'), 2, 'its Ф read as Q');
  assert.equal(tariffOf('Tapud', '4253.1'), 2, 'a serif Ф under a warm cast read as ud, the 4 not boxed');
  assert.equal(tariffOf('Tapnp', '3809.01'), 2, 'a monospaced Ф read as p, the 4 lost');
});

test('a tariff word alone on its line, its number unread, marks a multi-tariff register', () => {
  // A small shot's `ТАРИФ 1`: `TAPNO` at 0.80, its `1` read `3` at 0.44.
  assert.equal(tariffOf('TAPNO', '0052.6'), 2);
  assert.equal(tariffOf('RATE', '0052.6'), 2);
  assert.equal(parseMeterText([...elec, { ...line('TAPNO', 150, 380, 120, 30), score: 0.5 }], PHOTO).tariffCount, 1, 'read unsurely');
  // Not the word within others: a single-tariff meter's name, a rating.
  assert.equal(tariffOf('OAHOTAPVΦHbIN', '0052.6'), 1);
  assert.equal(tariffOf('TARIFF CLASS A', '0052.6'), 1);
});

test('a voltage rating "T" or a model name does not fake tariffs', () => {
  assert.equal(tariffOf('TYP A52', 'RPT95261'), 1);
  assert.equal(tariffOf('LOW VOLTAGE'), 1);
  assert.equal(tariffOf('RATED 230V'), 1);
  // A new meter's reading of 18.2 kWh is no register code.
  assert.equal(parseMeterText([...elec, line('18.2', 300, 300, 400, 150)], PHOTO).tariffCount, 1);
});

test('non-electricity meters have no tariff count', () => {
  const r = parseMeterText([line('BK-G4M', 100, 100, 200, 40), line('Qmax 6 m3/h', 100, 160, 200, 40), line('T1', 100, 220, 40, 40)], PHOTO);
  assert.equal(r.meterType, 'gas');
  assert.equal(r.tariffCount, null);
  assert.equal(typeof r.electricityTariffCount, 'number');
});

test('two counters of the same size stacked: two registers', () => {
  const r = parseMeterText([...elec, line('012345', 200, 380, 400, 90), line('004321', 200, 500, 400, 90)], PHOTO);
  assert.equal(r.tariffCount, 2);
});

test('one counter row split by the OCR into pieces side by side: one register', () => {
  const r = parseMeterText([...elec, line('9', 160, 380, 40, 90), line('56359', 205, 380, 300, 90), line('2', 515, 380, 40, 90)], PHOTO);
  assert.equal(r.tariffCount, 1);
  const s = parseMeterText([...elec, line('012345', 160, 380, 330, 90), line('67890', 500, 385, 280, 90)], PHOTO);
  assert.equal(s.tariffCount, 1, 'two 5+ digit pieces on one level are one row');
});

test('a register code with its points unread does not outvote the tariff sign beside it', () => {
  // `1.8.1` read `18.3` next to `T1`: a T1 register (2 tariffs), not 3.
  const lines = [...elec, line('18.3', 150, 330, 80, 30), line('0086281.8', 150, 380, 420, 90), line('T1', 600, 400, 50, 40)];
  assert.equal(parseMeterText(lines, PHOTO).tariffCount, 2);
});

test("a register code's tariff digit read unsurely names no tariff, but still shows a multi-tariff register", () => {
  const code = (text: string, charScores: number[]) => ({ ...line(text, 150, 330, 80, 30, charScores.reduce((a, b) => a + b) / charScores.length), charScores });
  const counted = (...extra: OcrLine[]) => parseMeterText([...elec, line('0270.74', 150, 380, 420, 90), ...extra], PHOTO).tariffCount;
  // A tilted `1.8.1` read `1.8.3`, its `3` at 0.84, beside its `T1`: two tariffs, not three.
  assert.equal(counted(code('1.8.3', [0.82, 0.54, 1, 0.99, 0.84]), line('T1', 600, 400, 50, 40)), 2);
  assert.equal(counted(code('1.8.3', [0.82, 0.54, 1, 0.99, 0.99]), line('T1', 600, 400, 50, 40)), 3);
  assert.equal(counted(code('1.8.4', [0.9, 0.56, 1, 1, 1])), 4);
  assert.equal(counted(code('1.8.4', [0.9, 0.56, 1, 1, 0.7])), 2, 'alone, an unsure code is a register of a multi-tariff meter');
  assert.equal(counted(code('1.8.1', [1, 1, 1, 1, 0.5])), 2);
});

test("a tariff word's number, and a word read without one, for later looks to fill in", () => {
  const wordOf = (...extra: OcrLine[]) => parseMeterText([...elec, ...extra], PHOTO).tariffWord;
  assert.deepEqual(wordOf(line('TAPN中', 150, 380, 120, 30)), { unnumbered: true, number: null });
  assert.deepEqual(wordOf(line('TAPN中 4', 150, 380, 160, 30)), { unnumbered: false, number: 4 });
  assert.deepEqual(wordOf(line('TAPVΦ', 150, 380, 120, 30), line('3', 290, 380, 25, 30)), { unnumbered: false, number: 3 }, 'its number boxed apart');
  assert.deepEqual(wordOf(line('TARIFF 1', 150, 380, 160, 30), line('TARIFF 2', 150, 440, 160, 30)), { unnumbered: false, number: 2 });
  assert.deepEqual(wordOf({ ...line('TAPN中', 150, 380, 120, 30), score: 0.5 }), { unnumbered: false, number: null }, 'read unsurely: no word');
  assert.deepEqual(wordOf(line('T1 T2', 150, 380, 120, 30)), { unnumbered: false, number: null }, 'marks are no word');
});
