import type { Point } from './types.js';

/** A rotated rectangle: centre, side lengths and the angle (radians) of its `width` side. */
export interface RotatedRect {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

/**
 * How far from (cx, cy) along the axis at `angle`, forwards (`sign` 1) or backwards (-1), the axis
 * stays inside an image of `size`.
 */
export function reachInImage(cx: number, cy: number, angle: number, size: { width: number; height: number }, sign: 1 | -1): number {
  let t = Infinity;
  for (const [c, a, max] of [
    [cx, Math.cos(angle), size.width],
    [cy, Math.sin(angle), size.height],
  ]) {
    const d = a * sign;
    if (d > 1e-6) t = Math.min(t, (max - 1 - c) / d);
    else if (d < -1e-6) t = Math.min(t, -c / d);
  }
  return t;
}

/** Convex hull (monotone chain), counter-clockwise in y-up terms, without collinear points. */
export function convexHull(points: Point[]): Point[] {
  const pts = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Minimum-area enclosing rectangle of a point set (rotating each hull edge). */
export function minAreaRect(points: Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  if (hull.length < 3) {
    const [a, b] = [hull[0], hull[hull.length - 1]];
    return {
      cx: (a[0] + b[0]) / 2,
      cy: (a[1] + b[1]) / 2,
      width: Math.hypot(b[0] - a[0], b[1] - a[1]),
      height: 0,
      angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
    };
  }
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const c = Math.cos(ang);
    const s = Math.sin(ang);
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of hull) {
      const u = p[0] * c + p[1] * s;
      const v = -p[0] * s + p[1] * c;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { cx: cu * c - cv * s, cy: cu * s + cv * c, width: maxU - minU, height: maxV - minV, angle: ang };
    }
  }
  return normaliseRect(best!);
}

/** Makes `width` the side closest to horizontal, with the angle in (-45°, 45°]. */
export function normaliseRect(r: RotatedRect): RotatedRect {
  let { width, height, angle } = r;
  while (angle > Math.PI / 4) {
    angle -= Math.PI / 2;
    [width, height] = [height, width];
  }
  while (angle <= -Math.PI / 4) {
    angle += Math.PI / 2;
    [width, height] = [height, width];
  }
  return { cx: r.cx, cy: r.cy, width, height, angle };
}

/** Corners clockwise from top-left (image coordinates, y down). */
export function rectCorners(r: RotatedRect): Point[] {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const hw = r.width / 2;
  const hh = r.height / 2;
  const at = (u: number, v: number): Point => [r.cx + u * c - v * s, r.cy + u * s + v * c];
  return [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)];
}

/**
 * Grows a rectangle the way DB post-processing "unclips" a shrunk text kernel: the polygon is offset
 * outwards by area * ratio / perimeter.
 */
export function unclipRect(r: RotatedRect, ratio: number): RotatedRect {
  const area = r.width * r.height;
  const perimeter = 2 * (r.width + r.height);
  if (perimeter === 0) return r;
  const d = (area * ratio) / perimeter;
  return { ...r, width: r.width + 2 * d, height: r.height + 2 * d };
}

/** The rectangle lengthened along its text by `margin` of its height at each end (a line read again wider). */
export function withEndMargins(r: RotatedRect, margin: number): RotatedRect {
  return { ...r, width: r.width + 2 * margin * r.height };
}

/** Axis-aligned bounds of a polygon. */
export function bounds(box: Point[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of box) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

/** Rotated rect from a 4-corner box (clockwise from top-left). */
export function boxToRect(box: Point[]): RotatedRect {
  const [p0, p1, p2, p3] = box;
  const width = (Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) + Math.hypot(p2[0] - p3[0], p2[1] - p3[1])) / 2;
  const height = (Math.hypot(p3[0] - p0[0], p3[1] - p0[1]) + Math.hypot(p2[0] - p1[0], p2[1] - p1[1])) / 2;
  const angle = Math.atan2(p1[1] - p0[1] + p2[1] - p3[1], p1[0] - p0[0] + p2[0] - p3[0]);
  const cx = (p0[0] + p1[0] + p2[0] + p3[0]) / 4;
  const cy = (p0[1] + p1[1] + p2[1] + p3[1]) / 4;
  return { cx, cy, width, height, angle };
}
