import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colourCast, gaussian, glare, grainy } from '../../bench/lib/camera.js';

const grey = (w: number, h: number, v: number) => new Uint8Array(w * h * 3).fill(v);

test('colourCast scales each channel by its gain, clipped at 255', () => {
  assert.deepEqual([...colourCast(Uint8Array.from([100, 100, 100, 250, 10, 200]), [1.2, 1, 0.5])], [120, 100, 50, 255, 10, 100]);
});

test('glare is brightest at its centre and leaves pixels beyond its radius alone', () => {
  const out = glare(grey(50, 40, 100), 50, 40, 20, 20, 10);
  const at = (x: number, y: number) => out[(y * 50 + x) * 3];
  assert.equal(at(20, 20), 255);
  assert.ok(at(26, 20) > 100 && at(26, 20) < at(23, 20));
  assert.equal(at(31, 20), 100);
  assert.equal(at(5, 5), 100);
});

test('grainy noise repeats for one seed, differs for another, and keeps the mean brightness times its gain', () => {
  const img = grey(100, 100, 150);
  const a = grainy(img, 0.6, 14, 7);
  assert.deepEqual(a, grainy(img, 0.6, 14, 7));
  assert.notDeepEqual(a, grainy(img, 0.6, 14, 8));
  const mean = a.reduce((s, v) => s + v, 0) / a.length;
  assert.ok(Math.abs(mean - 90) < 1, `mean ${mean}`);
  const next = gaussian(3);
  const xs = Array.from({ length: 4000 }, next);
  const sd = Math.sqrt(xs.reduce((s, v) => s + v * v, 0) / xs.length);
  assert.ok(Math.abs(sd - 1) < 0.05, `sd ${sd}`);
});
