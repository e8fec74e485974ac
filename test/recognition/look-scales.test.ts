import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closerScale, detectorScale, tooSmallForCoarse } from '../../src/recognition/look-scales.js';

test('a row the detector saw small is looked at closer, its digits brought to a readable pitch', () => {
  // A 1600-px working image detected at 960: a far shot's drum row 39.5 px apart is 24 detector px apart.
  const det = detectorScale(1600, 960);
  assert.equal(det, 0.6);
  assert.ok(Math.abs(closerScale(39.5, det)! - 64 / 39.5) < 1e-9);
  // A close shot's row (85 px apart, 51 at the detector) needs no closer look.
  assert.equal(closerScale(85, det), null);
  // A small photo is detected at its own size; the enlargement is bounded.
  assert.equal(detectorScale(640, 960), 1);
  assert.equal(closerScale(12, 1), 2);
});

test("a coarser look's row seen under 15 detector px apart does not stand", () => {
  // A far PAFAL's row, 39 px apart at half the detector's 0.6: 11.7 px (its 1 read as 0).
  assert.equal(tooSmallForCoarse(39, 0.3), true);
  // A close-up water row the coarser look read right, 56.5 px apart at half of 0.72: 20.3 px.
  assert.equal(tooSmallForCoarse(56.5, 0.36), false);
});
