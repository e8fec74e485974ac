import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import { isRateDisplay } from '../../../src/recognition/parse/display-unit.js';
import { line, PHOTO } from './helpers.js';

const display = (digits: string, unit: string, unitScore = 0.95) => [line(digits, 200, 400, 300, 90), line(unit, 520, 440, 40, 45, unitScore)];

test('a number with volts, amps, hertz, degrees or a flow rate boxed right after it is a measurement on show', () => {
  for (const unit of ['V', 'A', 'Hz', '°C', 'C', '%', 'm³/h', 'L/min']) {
    const r = parseMeterText(display('230.1', unit), PHOTO);
    assert.deepEqual(r.rateDisplays, ['230.1'], unit);
    assert.ok(r.evidence.includes('rate-display'), unit);
  }
  // On its own line too; a counter's digits match it leading zeros aside, a reading by its value.
  const own = parseMeterText([line('0012.50 V', 200, 400, 400, 90)], PHOTO).rateDisplays;
  assert.deepEqual(own, ['0012.50']);
  assert.ok(isRateDisplay(own, '1250') && isRateDisplay(own, '001250') && isRateDisplay(own, 12.5));
  assert.ok(!isRateDisplay(own, '125') && !isRateDisplay(own, 125));
  // A rating's `60 Hz` is no display: a counter `000006` is not it.
  assert.ok(!isRateDisplay(['60'], '000006') && !isRateDisplay(['60'], 60));
});

test("a register's unit, a misread one or an unsure letter is no rate unit", () => {
  // `kWh` read `kw`, `m³` read `ma`: a register's units, not a power or milliamps.
  for (const unit of ['kWh', 'kw', 'm³', 'ma', 'm3']) assert.deepEqual(parseMeterText(display('012345', unit), PHOTO).rateDisplays, [], unit);
  assert.deepEqual(parseMeterText(display('012345', 'V', 0.3), PHOTO).rateDisplays, []);
  // Far from the number, or on another level: a rating printed elsewhere.
  assert.deepEqual(parseMeterText([line('012345', 200, 400, 300, 90), line('V', 800, 440, 40, 45)], PHOTO).rateDisplays, []);
  assert.deepEqual(parseMeterText([line('012345', 200, 400, 300, 90), line('V', 520, 600, 40, 45)], PHOTO).rateDisplays, []);
});

test("a rating printed smaller than the counter is no display, though its unit follows it", () => {
  const lines = [line('000220', 200, 300, 300, 90), line('kWh', 520, 340, 60, 45), line('220V 10(40)A 50Hz', 200, 500, 400, 40), line('220V', 200, 560, 100, 40)];
  assert.deepEqual(parseMeterText(lines, PHOTO).rateDisplays, []);
});

test('a display shown with a rate unit weighs against a meter; a register with kWh does not', () => {
  const volts = parseMeterText(display('229.8', 'V'), PHOTO);
  const kwh = parseMeterText(display('229.8', 'kWh'), PHOTO);
  assert.ok(volts.meterLikelihood < kwh.meterLikelihood);
  assert.ok(volts.otherDeviceEvidence > kwh.otherDeviceEvidence);
});
