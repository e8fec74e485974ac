import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyHomography, homography, slanted, type Point } from '../../bench/lib/perspective.js';

test('homography takes each of four points to its counterpart, and straight lines stay straight', () => {
  const from: Point[] = [[0, 0], [100, 0], [100, 80], [0, 80]];
  const to: Point[] = [[10, 0], [90, 8], [100, 72], [0, 80]];
  const h = homography(from, to);
  from.forEach((p, i) => {
    const [x, y] = applyHomography(h, p);
    assert.ok(Math.abs(x - to[i][0]) < 1e-9 && Math.abs(y - to[i][1]) < 1e-9, `${p} -> ${x},${y}`);
  });
  // The midpoint of the top edge lands on the image of that edge (not its midpoint: a projection).
  const [x, y] = applyHomography(h, [50, 0]);
  assert.ok(Math.abs((y - 0) * (90 - 10) - (x - 10) * (8 - 0)) < 1e-6);
  assert.throws(() => homography([[0, 0], [1, 1], [2, 2], [3, 3]], to), /degenerate/);
});

test('slanted narrows the top and the right edge and fills the uncovered corners grey', () => {
  const [w, h] = [50, 40];
  const white = new Uint8Array(w * h * 3).fill(255);
  const out = slanted(white, w, h, 0.2);
  const at = (x: number, y: number) => out[(y * w + x) * 3];
  assert.equal(at(1, 0), 128); // left of the narrowed top edge
  assert.equal(at(w - 1, 1), 128); // above the shortened right edge
  assert.equal(at(25, 20), 255);
  assert.equal(at(1, h - 2), 255); // the bottom-left corner stays in place
});
