import type { ImageSize, OcrLine } from './types.js';

type Box = [number, number][];

function dist(a: [number, number], b: [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Text height: mean of the left and right edges (robust to slight rotation). */
export function boxHeight(box: Box): number {
  if (box.length < 4) return 0;
  return (dist(box[0], box[3]) + dist(box[1], box[2])) / 2;
}

export function boxWidth(box: Box): number {
  if (box.length < 4) return 0;
  return (dist(box[0], box[1]) + dist(box[3], box[2])) / 2;
}

export function boxCentre(box: Box): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of box) {
    x += p[0];
    y += p[1];
  }
  const n = box.length || 1;
  return [x / n, y / n];
}

/** Distance of the box centre from the image centre, 0 (centre) .. 1 (corner). */
export function centreOffset(box: Box, image: ImageSize): number {
  const [cx, cy] = boxCentre(box);
  const dx = (cx - image.width / 2) / (image.width / 2);
  const dy = (cy - image.height / 2) / (image.height / 2);
  return Math.min(1, Math.hypot(dx, dy) / Math.SQRT2);
}

function lerp(a: [number, number], b: [number, number], t: number): [number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** Approximate box of characters [start, end) of a line, assuming even character widths. */
export function subBox(line: OcrLine, start: number, end: number): Box {
  const n = line.text.length;
  if (line.box.length < 4 || n === 0 || (start <= 0 && end >= n)) return line.box.map((p) => [p[0], p[1]]);
  const t0 = Math.max(0, start / n);
  const t1 = Math.min(1, end / n);
  const [tl, tr, br, bl] = line.box;
  return [lerp(tl, tr, t0), lerp(tl, tr, t1), lerp(bl, br, t1), lerp(bl, br, t0)];
}

/** Vertical overlap of two boxes relative to the smaller height (0..1). */
export function verticalOverlap(a: Box, b: Box): number {
  const ay = a.map((p) => p[1]);
  const by = b.map((p) => p[1]);
  const top = Math.max(Math.min(...ay), Math.min(...by));
  const bottom = Math.min(Math.max(...ay), Math.max(...by));
  const h = Math.min(Math.max(...ay) - Math.min(...ay), Math.max(...by) - Math.min(...by));
  if (h <= 0) return 0;
  return Math.max(0, bottom - top) / h;
}
