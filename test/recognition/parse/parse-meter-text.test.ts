import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import type { OcrLine } from '../../../src/recognition/parse/types.js';

/** Rotated quadrilateral like the detector returns (slight tilt). */
function tilted(text: string, x: number, y: number, w: number, h: number, score = 0.95): OcrLine {
  const d = w * 0.02;
  return { text, score, box: [[x, y + d], [x + w, y], [x + w, y + h], [x, y + h + d]] };
}

test('Russian cold-water meter as the Latin-only OCR sees it', () => {
  const image = { width: 1197, height: 1600 };
  const lines = [
    tilted('12-1533308', 245, 200, 440, 80),
    tilted('00487238', 142, 334, 670, 125),
    tilted('m', 860, 412, 73, 35),
    tilted('B·H AV', 128, 686, 132, 40),
    tilted('30°℃', 131, 727, 84, 40),
    tilted('MnO8', 36, 765, 86, 34, 0.52),
    tilted('Qn1,5m/h', 137, 768, 176, 40),
    tilted('WFK2K=2.3148x106', 31, 798, 350, 55),
    tilted('x0,0001', 728, 929, 150, 44),
    tilted('ITELMA', 248, 975, 330, 57),
  ];
  const p = parseMeterText(lines, image);
  assert.equal(p.meterType, 'water_cold');
  assert.equal(p.serialNumber, '12-1533308');
  assert.equal(p.tariffCount, null);
  assert.equal(p.readings[0].text, '00487238');
  assert.ok(p.meterLikelihood > 0.9);
});

test('Italian gas meter with a year after the number and Chinese noise', () => {
  const image = { width: 640, height: 640 };
  const lines = [
    tilted('SACOFGAS', 139, 143, 200, 36),
    tilted('G4', 388, 166, 60, 51),
    tilted('MILANO', 169, 179, 120, 29),
    tilted('03279892', 60, 230, 520, 70),
    tilted('电', 272, 309, 12, 12, 0.29),
    tilted('6328666-2004', 80, 369, 250, 43),
    tilted('1impko.01m', 347, 385, 200, 38),
  ];
  const p = parseMeterText(lines, image);
  assert.equal(p.meterType, 'gas');
  assert.equal(p.serialNumber, '6328666');
  assert.equal(p.readings[0].text, '03279892');
});

test('Taiwanese drum meter: place-value labels, marker on its own box', () => {
  const image = { width: 1080, height: 1080 };
  const lines = [
    tilted('单2', 419, 239, 60, 33),
    tilted('kwh', 517, 275, 50, 24),
    tilted('電力计', 376, 275, 100, 28),
    tilted('17232', 360, 311, 150, 43),
    tilted('1/10', 528, 347, 40, 17),
    tilted('10', 450, 351, 20, 11),
    tilted('100', 401, 351, 30, 14),
    tilted('1000', 364, 352, 35, 15),
    tilted('交流单相2線式', 353, 367, 200, 35),
    tilted('型式承第515号', 348, 482, 200, 30),
    tilted('10(30)]A220]V60Hz600Rev/Kwh', 298, 510, 400, 33),
    tilted('NO.', 327, 562, 80, 36),
    tilted('048770', 419, 567, 160, 29),
  ];
  const p = parseMeterText(lines, image);
  assert.equal(p.meterType, 'electricity');
  assert.equal(p.tariffCount, 1);
  assert.equal(p.serialNumber, '048770');
  assert.equal(p.readings[0].text, '17232');
});

test('multi-tariff Russian LCD meter', () => {
  const image = { width: 1000, height: 800 };
  const lines = [
    tilted('MEPKYPNN 206', 300, 100, 300, 40),
    tilted('T2', 200, 300, 50, 50),
    tilted('004512.37', 280, 290, 420, 90),
    tilted('kBT·4', 720, 320, 100, 40),
    tilted('5-60A 230V', 250, 500, 300, 30),
    tilted('N2 38291045', 250, 600, 300, 35),
    tilted('TOCT 31818.11-2012', 250, 650, 300, 30),
  ];
  const p = parseMeterText(lines, image);
  assert.equal(p.meterType, 'electricity');
  assert.equal(p.tariffCount, 2);
  assert.equal(p.serialNumber, '38291045');
  assert.equal(p.readings[0].text, '004512.37');
  assert.equal(p.readings[0].value, 4512.37);
});

test('empty OCR output', () => {
  const p = parseMeterText([], { width: 100, height: 100 });
  assert.equal(p.meterType, null);
  assert.equal(p.serialNumber, '');
  assert.deepEqual(p.readings, []);
  assert.ok(p.meterLikelihood < 0.5);
});

test('a multi-tariff LCD read as one line with its OBIS code still gives the register value', () => {
  const r = parseMeterText([tilted('1.8.1 012345.6 kWh', 200, 300, 700, 80), tilted('230V 5(60)A 50Hz', 200, 600, 400, 30)], { width: 1000, height: 1000 });
  assert.equal(r.meterType, 'electricity');
  assert.equal(r.readings[0]?.text, '012345.6');
});
