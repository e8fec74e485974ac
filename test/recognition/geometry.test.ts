import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convexHull, minAreaRect, rectCorners, unclipRect, boxToRect } from '../../src/recognition/ocr/geometry.js';
import type { Point } from '../../src/recognition/ocr/types.js';

test('convexHull drops interior points', () => {
  const hull = convexHull([[0, 0], [4, 0], [4, 4], [0, 4], [2, 2], [1, 3]]);
  assert.equal(hull.length, 4);
});

test('minAreaRect recovers a rotated rectangle', () => {
  const angle = (20 * Math.PI) / 180;
  const truth = { cx: 50, cy: 40, width: 60, height: 20, angle };
  const pts: Point[] = [];
  for (let u = -30; u <= 30; u += 2) for (let v = -10; v <= 10; v += 2) {
    pts.push([50 + u * Math.cos(angle) - v * Math.sin(angle), 40 + u * Math.sin(angle) + v * Math.cos(angle)]);
  }
  const r = minAreaRect(pts);
  assert.ok(Math.abs(r.cx - truth.cx) < 0.01 && Math.abs(r.cy - truth.cy) < 0.01);
  assert.ok(Math.abs(r.width - 60) < 0.01 && Math.abs(r.height - 20) < 0.01, JSON.stringify(r));
  assert.ok(Math.abs(r.angle - angle) < 1e-6);
});

test('rectCorners are clockwise from top-left and boxToRect inverts them', () => {
  const r = { cx: 10, cy: 10, width: 8, height: 4, angle: 0 };
  assert.deepEqual(rectCorners(r), [[6, 8], [14, 8], [14, 12], [6, 12]]);
  const back = boxToRect(rectCorners({ ...r, angle: 0.3 }));
  assert.ok(Math.abs(back.width - 8) < 1e-9 && Math.abs(back.height - 4) < 1e-9 && Math.abs(back.angle - 0.3) < 1e-9);
});

test('unclipRect grows each side by area*ratio/perimeter', () => {
  const r = unclipRect({ cx: 0, cy: 0, width: 30, height: 10, angle: 0 }, 1.5);
  const d = (300 * 1.5) / 80;
  assert.ok(Math.abs(r.width - (30 + 2 * d)) < 1e-9 && Math.abs(r.height - (10 + 2 * d)) < 1e-9);
});
