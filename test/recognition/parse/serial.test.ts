import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import type { OcrLine } from '../../../src/recognition/parse/types.js';
import { line, PHOTO } from './helpers.js';

const serialOf = (lines: OcrLine[]) => parseMeterText(lines, PHOTO).serialNumber;
const counter = line('0134200', 300, 280, 400, 110);

test('number after a numero sign in its OCR spellings', () => {
  assert.equal(serialOf([counter, line('Nº 25288446-1996', 300, 520, 500, 56)]), '25288446-1996');
  assert.equal(serialOf([counter, line('N25288446-1996', 300, 520, 500, 56)]), '25288446-1996');
  assert.equal(serialOf([counter, line('N2 01234567', 300, 520, 400, 40)]), '01234567');
  assert.equal(serialOf([counter, line('No.3165537', 300, 750, 300, 54)]), '3165537');
  assert.equal(serialOf([counter, line('NO16216924', 300, 740, 300, 51)]), '16216924');
  assert.equal(serialOf([counter, line('S/N:002533834598', 200, 420, 300, 19)]), '002533834598');
  assert.equal(serialOf([counter, line('3ab.N 0912345', 200, 600, 300, 30)]), '0912345');
  assert.equal(serialOf([counter, line('Зав. № 0912345', 200, 600, 300, 30)]), '0912345');
});

test('a weakly recognised raised "o" of № read as a digit is dropped', () => {
  const l: OcrLine = { ...line('N925288446-1996', 300, 520, 500, 56), charScores: [0.99, 0.24, 0.99, 1, 0.99, 1, 1, 0.99, 0.99, 1, 0.95, 0.99, 0.99, 0.99, 1] };
  assert.equal(serialOf([counter, l]), '25288446-1996');
});

test('marker on its own box: number to the right or just below', () => {
  assert.equal(serialOf([counter, line('NO.', 327, 562, 80, 36), line('048770', 419, 567, 160, 29)]), '048770');
  assert.equal(serialOf([counter, line('NO,', 94, 786, 80, 41), line('942.1088', 203, 789, 200, 38)]), '9421088');
  assert.equal(serialOf([line('Meter S1No.', 52, 287, 60, 12), line('240V,5-30A.50Hz', 117, 287, 120, 14), line('L1906842', 52, 296, 60, 16)]), 'L1906842');
});

test('thousands dots are removed, a letter prefix is kept', () => {
  assert.equal(serialOf([counter, line('29.564.468', 176, 442, 300, 57)]), '29564468');
  assert.equal(serialOf([line('1955', 139, 50, 100, 51), line('kWh', 226, 62, 40, 18), line('DDT482147', 47, 104, 180, 30)]), 'DDT482147');
});

test('lone number printed above the counter (no marker)', () => {
  const lines = [line('12-1533308', 245, 200, 440, 80), line('00487238', 142, 334, 670, 125), line('m', 860, 410, 70, 35)];
  assert.equal(serialOf(lines), '12-1533308');
});

test('a manufacture year after a lone number is not part of it', () => {
  assert.equal(serialOf([line('G4', 388, 166, 60, 51), line('6328666-2004', 80, 369, 250, 43)]), '6328666');
});

test('never a rating, constant, standard, certificate, year, date or the counter', () => {
  const lines = [
    line('00488719', 140, 330, 670, 125),
    line('K=2.3148x10-6', 30, 800, 350, 50),
    line('Qn 1,5 m3/h', 130, 770, 180, 40),
    line('220V 10(40)A 50Hz', 100, 900, 400, 40),
    line('1600 imp/kWh', 100, 950, 300, 40),
    line('ГОСТ Р 50193-92', 100, 1000, 300, 40),
    line('TOCT 6019-2011', 100, 1040, 300, 40),
    line('EN 14154', 100, 1080, 200, 40),
    line('M14 0120', 100, 1120, 200, 40),
    line('DE-07-MI002-PTB001', 100, 1160, 300, 40),
    line('2019', 100, 1200, 100, 40),
    line('CLASS 2.0', 100, 1240, 200, 40),
    line('10000100010010', 140, 470, 600, 30),
    line('8-800-555-35-35', 100, 1280, 300, 40),
  ];
  assert.equal(serialOf(lines), '');
});

test('number beside a burned-in date/time overlay is not a serial', () => {
  const lines = [line('008698.', 68, 51, 200, 50), line('162039267', 30, 241, 150, 19), line('22/12/2019 15:39:30', 31, 273, 250, 20)];
  assert.equal(serialOf(lines), '');
});

test('a yyyymmdd batch stamp is not a serial', () => {
  assert.equal(serialOf([line('PT1000', 636, 442, 80, 21), line('2023070891', 599, 457, 140, 19)]), '');
});

test('two different lone numbers of equal standing: say nothing rather than guess', () => {
  const lines = [line('00488719', 140, 330, 670, 125), line('7308512', 100, 700, 200, 30), line('9204417', 600, 700, 200, 30)];
  assert.equal(serialOf(lines), '');
});

test('look-alike letters inside a marked serial become digits', () => {
  assert.equal(serialOf([counter, line('No 0O57111407', 300, 520, 400, 40)]), '0057111407');
});

test('letter suffix of a printed number is kept, a unit is not', () => {
  const lines = [line('10-040707-AB', 245, 200, 440, 60), line('00487238', 150, 330, 670, 125)];
  assert.equal(serialOf(lines), '10-040707-AB');
  assert.equal(serialOf([counter, line('No 1234567V', 300, 520, 400, 40)]), '1234567');
});

test('the MID conformity marking (CE, M and the year, the notified body) is no serial', () => {
  assert.equal(serialOf([counter, line('CEM160102 2016', 300, 520, 300, 30)]), '');
  assert.equal(serialOf([counter, line('CE M16 0102', 300, 520, 300, 30)]), '');
  assert.equal(serialOf([counter, line('CEM160102 2016', 300, 520, 300, 30), line('S/N:002533834598', 200, 420, 300, 19)]), '002533834598');
  // A serial with a letter prefix of its own still stands.
  assert.equal(serialOf([counter, line('EM1601022', 300, 520, 300, 30)]), 'EM1601022');
});

test("another document's number (a licence, an approval, a model, a telephone) is no serial", () => {
  const plate = (text: string) => serialOf([counter, line(text, 300, 520, 300, 30)]);
  assert.equal(plate('CM/L-2337550'), '');
  assert.equal(plate('Lic. No. 4512376'), '');
  assert.equal(plate('Type approval No 2012-3391'), '');
  assert.equal(plate('Tel: 8001234567'), '');
  // With the meter's own number beside it, that one is the serial.
  assert.equal(serialOf([counter, line('CM/L-2337550', 300, 520, 300, 30), line('22170246', 300, 600, 260, 30)]), '22170246');
  // A serial marker of its own still stands.
  assert.equal(plate('Meter No. 4512376'), '4512376');
  assert.equal(plate('S/N 4512376'), '4512376');
});
