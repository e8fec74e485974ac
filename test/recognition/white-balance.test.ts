import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_LEFT, COOL_CAST_LEFT, correctColourCast, whitePatch } from '../../src/recognition/white-balance.js';
import { saturatedRed, type RgbImage } from '../../src/recognition/preprocess.js';

/** A 300x200 scene: grey wall, a white dial in the middle with a red drum on it, lit by light of colour `light`. */
function scene(light: [number, number, number]): RgbImage {
  const [width, height] = [300, 200];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dial = x >= 100 && x < 200 && y >= 60 && y < 140;
      const drum = x >= 170 && x < 190 && y >= 90 && y < 110;
      const colour = drum ? [190, 30, 30] : dial ? [225, 225, 225] : [110, 110, 110];
      data.set(colour.map((v, c) => Math.min(255, Math.round(v * light[c]))), (y * width + x) * 3);
    }
  }
  return { data, width, height };
}
const at = (img: RgbImage, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3)];

test('whitePatch is the colour of the brightest pixels, clipped ones left out', () => {
  const w = whitePatch(scene([1.05, 0.8, 0.55]));
  assert.ok(w, 'a white patch');
  assert.deepEqual(w!.map(Math.round), [236, 180, 124]);
  // A photo all clipped white has no white patch to judge by.
  const blank: RgbImage = { data: new Uint8Array(100 * 100 * 3).fill(255), width: 100, height: 100 };
  assert.equal(whitePatch(blank), null);
});

test('a strong warm cast is taken out: the dial is grey again and the red drum stays red', () => {
  const warm = scene([1.05, 0.8, 0.55]);
  assert.ok(saturatedRed(...(at(warm, 150, 100) as [number, number, number])), 'under the cast the white dial passes for red');
  const fixed = correctColourCast(warm);
  assert.notEqual(fixed, warm);
  const [r, g, b] = at(fixed, 150, 100);
  assert.ok(Math.max(r, g, b) - Math.min(r, g, b) <= 3, `dial ${r},${g},${b}`);
  assert.ok(!saturatedRed(r, g, b));
  assert.ok(saturatedRed(...(at(fixed, 180, 100) as [number, number, number])), 'the red drum is still red');
});

test('a mild cast, and a scene whose whites are its own strong colour, are left as they are', () => {
  const mild = scene([1.0, 0.95, 0.85]);
  assert.ok(1 / 0.85 < CAST_LEFT);
  assert.equal(correctColourCast(mild), mild);
  const red = scene([1, 0.3, 0.25]);
  assert.equal(correctColourCast(red), red);
});

test('a cool cast (red the dimmest channel of the whites) is taken out from a weaker cast on than a warm one', () => {
  // Shade or fluorescent light: the whites 1.4 times as green-blue as red.
  const cool = scene([0.72, 1, 1.02]);
  const fixed = correctColourCast(cool);
  assert.notEqual(fixed, cool);
  const [r, g, b] = at(fixed, 150, 100);
  assert.ok(Math.max(r, g, b) - Math.min(r, g, b) <= 3, `dial ${r},${g},${b}`);
  assert.ok(saturatedRed(...(at(fixed, 180, 100) as [number, number, number])), 'the red drum is red');
  // The same strength of a warm cast is left alone, and a faint cool one too.
  const warm = scene([1.02, 1, 0.72]);
  assert.ok(1.02 / 0.72 < CAST_LEFT);
  assert.equal(correctColourCast(warm), warm);
  const faint = scene([0.85, 1, 1]);
  assert.ok(1 / 0.85 < COOL_CAST_LEFT);
  assert.equal(correctColourCast(faint), faint);
});
