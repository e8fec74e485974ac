import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctExposure, measureExposure, DARK_P90 } from '../../src/recognition/exposure.js';
import { colourStats, type RgbImage } from '../../src/recognition/preprocess.js';

/** A grey meter face with black digits and a red drum, its tones passed through `tone`. */
function meterFace(tone: (v: number) => number): RgbImage {
  const width = 200;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const digit = y > 40 && y < 60 && x % 20 < 6;
      const red = x >= 150 && x < 180 && y > 30 && y < 70;
      const [r, g, b] = red ? [200, 40, 40] : digit ? [20, 20, 20] : [190 + (x % 7), 190, 185];
      data[i] = tone(r);
      data[i + 1] = tone(g);
      data[i + 2] = tone(b);
    }
  }
  return { data, width, height };
}

/** A night shot: the steep tone curve and low exposure of the benchmark's `dark` variant. */
const night = (v: number) => Math.round(255 * 0.55 * (v / 255) ** 2.2);

test('a normally lit photo, grey and low-contrast ones included, is left untouched', () => {
  const lit = meterFace((v) => v);
  assert.equal(correctExposure(lit), lit);
  const flat = meterFace((v) => Math.round(90 + v * 0.3));
  assert.ok(measureExposure(flat).p90 >= DARK_P90);
  assert.equal(correctExposure(flat), flat);
});

test('an underexposed photo is brightened back to a normal range, and its red drum stays red', () => {
  const dark = meterFace(night);
  const before = measureExposure(dark);
  assert.ok(before.p90 < DARK_P90, `p90 ${before.p90}`);
  const fixed = correctExposure(dark);
  assert.notEqual(fixed, dark);
  assert.equal(fixed.data.length, dark.data.length);
  const after = measureExposure(fixed);
  assert.ok(after.p90 > 180, `p90 ${after.p90}`);
  assert.ok(colourStats(fixed, 151, 31, 179, 69).redFraction > 0.9);
  // Digits stay dark against the face.
  assert.ok(colourStats(fixed, 0, 45, 6, 55).meanLuma < 60);
  // The input image is not modified.
  assert.deepEqual(measureExposure(dark), before);
});

test('a dim shot just under the line (90% of it darker than 100 of 255) is brightened too', () => {
  const dim = meterFace((v) => Math.round(v * 0.5));
  const before = measureExposure(dim);
  assert.ok(before.p90 >= 90 && before.p90 < DARK_P90, `p90 ${before.p90}`);
  const after = measureExposure(correctExposure(dim));
  assert.ok(after.p90 > 180, `p90 ${after.p90}`);
});
