// Drums the text detector did not box (light digits on dark drums often go unseen) can still be
// found through their multiplier marks: a printed "10000 1000 100 10 1 1/10" runs right under (or
// over) the drums, one mark per drum. The strip beside the mark line is read as a text line.
import { readStrips, type OcrLineDetail } from '../ocr/engine.js';
import { rectCorners, type RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import type { RgbImage } from '../preprocess.js';
import { markExponent, mergedMarkExponents } from './scale-marks.js';

/** Drum row height, and distance of its centre from the marks' centre, in mark-line heights. */
const ROW_HEIGHT = 2.4;
const ROW_OFFSETS = [2.0, 2.8];
/** How far past the outermost marks the strip reaches, in mark-line heights. */
const END_MARGIN = 0.8;

/**
 * Candidate drum rows beside the first line that holds three or more multiplier marks, as OCR
 * lines: above and below it, at two distances. The row spans that line and the single marks
 * continuing it on the same baseline.
 */
export async function rowsBesideMarks(
  img: RgbImage,
  lines: OcrLineDetail[],
  recognize: (rects: RotatedRect[]) => Promise<RecognizedCrop[]>,
): Promise<OcrLineDetail[]> {
  const merged = lines.find((l) => mergedMarkExponents(l.text));
  if (!merged) return [];
  const { cx, cy, height: h, angle } = merged.rect;
  const [ax, ay] = [Math.cos(angle), Math.sin(angle)];
  const along = (x: number, y: number) => (x - cx) * ax + (y - cy) * ay;
  const across = (x: number, y: number) => -(x - cx) * ay + (y - cy) * ax;
  let lo = -merged.rect.width / 2;
  let hi = merged.rect.width / 2;
  for (const l of lines) {
    if (l === merged || (markExponent(l.text) === null && !mergedMarkExponents(l.text))) continue;
    const r = l.rect;
    if (Math.abs(across(r.cx, r.cy)) > 0.6 * h || r.height < 0.6 * h || r.height > 1.6 * h) continue;
    const u = along(r.cx, r.cy);
    lo = Math.min(lo, u - r.width / 2);
    hi = Math.max(hi, u + r.width / 2);
  }
  lo -= END_MARGIN * h;
  hi += END_MARGIN * h;
  const mid = (lo + hi) / 2;
  const rects: RotatedRect[] = [];
  for (const side of [-1, 1]) {
    for (const off of ROW_OFFSETS) {
      const v = side * off * h;
      rects.push({ cx: cx + mid * ax - v * ay, cy: cy + mid * ay + v * ax, width: hi - lo, height: ROW_HEIGHT * h, angle });
    }
  }
  const inside = rects.filter((r) => rectCorners(r).every(([x, y]) => x >= 0 && y >= 0 && x <= img.width && y <= img.height));
  return readStrips(inside, recognize);
}
