// Drums behind separate windows (many electricity meters): each drum shows through its own hole
// in a dark face plate, and such rows often end in an unmarked fractional drum of the same look,
// so without a decimal cue their decimal point is a guess. LCDs have plain background between
// their digits; continuous drum strips have no darker strip between drums either.
import { sampleQuad, type RgbImage } from '../preprocess.js';
import type { Point } from '../ocr/types.js';
import { cellQuad } from './reader.js';

interface RowGeometry {
  cells: { x: number; y: number }[];
  axis: Point;
  pitch: number;
  height: number;
}

export interface RowLook {
  /** Median brightness of the cells (their background: digits cover less than half a cell). */
  face: number;
  /** Median brightness of the narrow strips half way between neighbouring cells. */
  gap: number;
}

function medianLuma(img: RgbImage): number {
  const v: number[] = [];
  for (let i = 0; i < img.data.length; i += 3) v.push(0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2]);
  return median(v);
}

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function rowLook(img: RgbImage, c: RowGeometry): RowLook {
  const faces: number[] = [];
  const gaps: number[] = [];
  c.cells.forEach((cell, i) => {
    faces.push(medianLuma(sampleQuad(img, cellQuad(cell, c.axis, c.pitch * 0.6, c.height * 0.7), 12, 12)));
    const next = c.cells[i + 1];
    if (!next) return;
    const mid = { x: (cell.x + next.x) / 2, y: (cell.y + next.y) / 2 };
    gaps.push(medianLuma(sampleQuad(img, cellQuad(mid, c.axis, c.pitch * 0.12, c.height * 0.7), 3, 12)));
  });
  const face = median(faces);
  return { face, gap: gaps.length ? median(gaps) : face };
}

/**
 * The strips between the cells are darker than the cells: separate windows. LCD digits stand on
 * one background (ratio ~1.0 on meters-dev, drum windows 0.3-0.92).
 */
export function inSeparateWindows(look: RowLook): boolean {
  return look.gap < 0.95 * look.face;
}

/**
 * The strips between the cells are clearly lighter than the cells: dark drums on a lighter carrier
 * (many electricity meters). Such a row read without a decimal cue most likely lost its red
 * fractional drum's colour (a dark photo), so its last digit may be a tenth.
 */
export function onLighterCarrier(look: RowLook): boolean {
  return look.gap > 1.25 * look.face;
}
