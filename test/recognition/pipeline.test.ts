import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRecognizer } from '../../src/recognition/pipeline.js';
import { blankPng, waterMeterPng } from './fixtures.js';

const modelsDir = fileURLToPath(new URL('../../../models/', import.meta.url));
const recognizerP = createRecognizer({ modelsDir, threads: 1, maxPixels: 40_000_000 });

test('a rendered water meter is recognised: water type, serial, and the reading or an abstention (never a wrong one)', async () => {
  const r = await recognizerP;
  const detail = await r.inspect(await waterMeterPng('00127546', '12-345678'));
  assert.equal(detail.outcome.kind, 'meter');
  if (detail.outcome.kind !== 'meter') return;
  const m = detail.outcome.meter;
  assert.match(m.type, /^water_/);
  assert.equal(m.serialNumber.replace(/\D/g, ''), '12345678');
  assert.equal(m.tariffCount, null);
  assert.ok(m.currentReading === null || m.currentReading === 127.546, `reading ${m.currentReading}`);
  // The counter stage itself must find the row and the 3 red drums.
  assert.equal(detail.counter?.digits, '00127546');
  assert.equal(detail.counter?.decimals, 3);
});

test('a rotated photo (EXIF) reads like the upright one', async () => {
  const r = await recognizerP;
  const upright = await waterMeterPng('00127546', '12-345678');
  const stored = await sharp(upright).rotate(-90).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
  const detail = await r.inspect(stored);
  assert.equal(detail.counter?.digits, '00127546');
});

test('no meter in the photo gives no_meter; junk bytes give bad_image; repeated calls keep working', async () => {
  const r = await recognizerP;
  assert.deepEqual(await r.recognize(await blankPng()), { kind: 'no_meter' });
  const bad = await r.recognize(new Uint8Array([1, 2, 3, 4, 5]));
  assert.equal(bad.kind, 'bad_image');
  assert.equal((await r.recognize(new Uint8Array(0))).kind, 'bad_image');
  assert.equal((await r.recognize(await blankPng())).kind, 'no_meter');
});
