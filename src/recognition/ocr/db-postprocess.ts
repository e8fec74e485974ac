// Differentiable-binarisation (DB) post-processing: probability map -> rotated text boxes.
import { minAreaRect, rectCorners, unclipRect, type RotatedRect } from './geometry.js';
import type { Point } from './types.js';

export interface DbOptions {
  /** Pixel threshold on the probability map. */
  binThresh: number;
  /** Minimum mean probability of a region to keep it. */
  boxThresh: number;
  unclipRatio: number;
  /** Minimum short side, in map pixels, after unclipping. */
  minSize: number;
  maxCandidates: number;
}

export const DEFAULT_DB: DbOptions = { binThresh: 0.3, boxThresh: 0.55, unclipRatio: 1.6, minSize: 4, maxCandidates: 300 };

export interface DetectedBox {
  /** 4 corners clockwise from top-left, in the map's pixel coordinates scaled by scaleX/scaleY. */
  box: Point[];
  rect: RotatedRect;
  score: number;
}

/**
 * Labels 4-connected regions above the threshold, fits a minimum-area rectangle to each region,
 * scores it by the region's mean probability and grows it back (unclip).
 */
export function dbPostprocess(
  prob: Float32Array,
  width: number,
  height: number,
  scaleX: number,
  scaleY: number,
  opts: DbOptions = DEFAULT_DB,
): DetectedBox[] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const out: DetectedBox[] = [];
  let next = 0;
  for (let start = 0; start < width * height; start++) {
    if (labels[start] !== 0 || prob[start] <= opts.binThresh) continue;
    next++;
    labels[start] = next;
    let sp = 0;
    stack[sp++] = start;
    let count = 0;
    let sum = 0;
    // Per-row extents are enough for the convex hull.
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (sp > 0) {
      const p = stack[--sp];
      const x = p % width;
      const y = (p - x) / width;
      count++;
      sum += prob[p];
      const mn = rowMin.get(y);
      if (mn === undefined || x < mn) rowMin.set(y, x);
      const mx = rowMax.get(y);
      if (mx === undefined || x > mx) rowMax.set(y, x);
      if (x > 0 && labels[p - 1] === 0 && prob[p - 1] > opts.binThresh) (labels[p - 1] = next), (stack[sp++] = p - 1);
      if (x < width - 1 && labels[p + 1] === 0 && prob[p + 1] > opts.binThresh) (labels[p + 1] = next), (stack[sp++] = p + 1);
      if (y > 0 && labels[p - width] === 0 && prob[p - width] > opts.binThresh) (labels[p - width] = next), (stack[sp++] = p - width);
      if (y < height - 1 && labels[p + width] === 0 && prob[p + width] > opts.binThresh) (labels[p + width] = next), (stack[sp++] = p + width);
    }
    if (count < 6) continue;
    const score = sum / count;
    if (score < opts.boxThresh) continue;
    const pts: Point[] = [];
    for (const [y, x0] of rowMin) {
      const x1 = rowMax.get(y)!;
      pts.push([x0, y], [x0, y + 1], [x1 + 1, y], [x1 + 1, y + 1]);
    }
    const rect = minAreaRect(pts);
    if (Math.min(rect.width, rect.height) < 2) continue;
    const grown = unclipRect(rect, opts.unclipRatio);
    if (Math.min(grown.width, grown.height) < opts.minSize) continue;
    const scaled: RotatedRect = scaleRect(grown, scaleX, scaleY);
    out.push({ box: rectCorners(scaled), rect: scaled, score });
  }
  out.sort((a, b) => b.score * b.rect.width * b.rect.height - a.score * a.rect.width * a.rect.height);
  return out.slice(0, opts.maxCandidates);
}

function scaleRect(r: RotatedRect, sx: number, sy: number): RotatedRect {
  if (Math.abs(sx - sy) < 1e-6) {
    return { cx: r.cx * sx, cy: r.cy * sy, width: r.width * sx, height: r.height * sy, angle: r.angle };
  }
  // Anisotropic scale: transform the corners and refit.
  const corners = rectCorners(r).map(([x, y]) => [x * sx, y * sy] as Point);
  return minAreaRect(corners);
}
