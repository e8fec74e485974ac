import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import { line, PHOTO } from './helpers.js';

test('a counter-like row with an ID-like nameplate number apart from it is a meter, the row alone is not enough', () => {
  const counter = line('32349', 300, 200, 300, 110, 0.99);
  const serial = line('H178830', 160, 420, 330, 50, 0.98);
  const alone = parseMeterText([counter], PHOTO);
  const withSerial = parseMeterText([counter, serial], PHOTO);
  assert.ok(alone.meterLikelihood < 0.5, `alone ${alone.meterLikelihood}`);
  assert.equal(withSerial.serialNumber, 'H178830');
  assert.ok(withSerial.meterLikelihood > 0.5, `with serial ${withSerial.meterLikelihood}`);
  // A price display with an article number stays a non-meter.
  const pump = parseMeterText([line('74.00', 300, 200, 300, 110), line('LITRES', 300, 330, 200, 40), line('A123456', 160, 420, 330, 50)], PHOTO);
  assert.ok(pump.meterLikelihood < 0.5, `pump ${pump.meterLikelihood}`);
});

test('a counter-like row taken for the serial too is no number printed apart from it', () => {
  // An upside-down laser rangefinder's display, read `662188`, and its words read as junk.
  const lines = [line('  5  ', 482, 115, 269, 28, 0.69), line('N', 406, 168, 344, 26, 0.25), line('cu', 296, 322, 30, 23, 0.63), line('662188', 351, 306, 384, 113, 0.88), line('N', 580, 497, 171, 33, 0.55)];
  const p = parseMeterText(lines, { width: 900, height: 640 });
  assert.equal(p.serialNumber, '662188');
  assert.ok(p.meterLikelihood < 0.5, `${p.meterLikelihood}`);
});

test('a volume unit spelled out (cubic feet) is meter evidence', () => {
  const p = parseMeterText([line('CUBIC', 100, 500, 120, 30), line('FEET', 240, 500, 100, 30), line('100.000', 300, 200, 200, 30)], PHOTO);
  assert.equal(p.meterType, 'gas');
  assert.ok(p.meterLikelihood > 0.5, `cubic feet ${p.meterLikelihood}`);
});

test("a circuit board's resistor labels are no water meter's R-ratio", () => {
  // A board read `R40`, `R4` and a part number: R40 alone reads as a water meter's ratio.
  const board = [line('Stand', 200, 120, 120, 30), line('R40', 420, 200, 60, 24), line('R4', 520, 260, 40, 24), line('CREATIVE', 300, 420, 200, 30), line('2518-009', 300, 480, 180, 26)];
  const p = parseMeterText(board, PHOTO);
  assert.ok(p.meterLikelihood < 0.5, `board ${p.meterLikelihood}`);
  // A water meter's R160 beside its other markings stays one, thread sizes (`R1/2`) no part labels.
  const meter = parseMeterText([line('Qn 1,5 m3/h', 100, 100, 300, 40), line('R160', 100, 160, 100, 40), line('R1/2', 100, 220, 100, 40), line('00123456', 300, 300, 300, 80)], PHOTO);
  assert.equal(meter.meterType, 'water_unknown');
  assert.ok(meter.meterLikelihood > 0.5, `meter ${meter.meterLikelihood}`);
  assert.ok(!meter.evidence.includes('part-labels'));
});

test("a stroke or piece counter's words mark another device, as a tally counter's do", () => {
  for (const words of [['STROKE COUNTER', 'MAX 10 Hz'], ['pcs', 'HENGSTLER 0 731'], ['PIECE COUNTER', 'RESET'], ['TALLY  C', 'COUNTER'], ['PRESS TO COUNT', 'MODEL 4-DIGIT']]) {
    const p = parseMeterText([line('913939', 300, 200, 300, 90), ...words.map((w, i) => line(w, 300, 330 + 60 * i, 240, 36))], PHOTO);
    assert.equal(p.meterType, null, words.join(' '));
    assert.ok(p.otherDeviceEvidence >= 1.5, `${words.join(' ')}: ${p.otherDeviceEvidence}`);
  }
  // A meter's pulse output rating is no such word.
  const meter = parseMeterText([line('913939', 300, 200, 300, 90), line('kWh', 500, 200, 80, 40), line('1000 imp/kWh', 300, 330, 240, 36)], PHOTO);
  assert.equal(meter.otherDeviceEvidence, 0);
});
