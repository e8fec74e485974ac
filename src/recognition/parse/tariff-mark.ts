// A tariff mark (`T1`) boxed tightly is often read as a lone `T`: the recogniser merges a thin `1`
// pressed against the `T` into it (rendered LCD faces' `T1` read `T` at 1.00, and so a multi-tariff
// register counted as a single-tariff one). Such a box is read again with margins; the mark stands
// only where that reading is a `T` and one tariff digit, read surely.
import type { OcrLine } from './types.js';

/** Extra margin on each side of a lone `T`'s box, in box heights. */
export const MARK_MARGIN = 0.2;
/** How surely the wider reading must read the mark (rendered ones: 0.89). */
const MARK_SCORE = 0.8;

/** Indexes of the lines read as a lone `T`. */
export function loneTs(lines: Pick<OcrLine, 'text'>[]): number[] {
  return lines.flatMap((l, i) => (l.text.trim() === 'T' ? [i] : []));
}

/** The tariff mark a wider reading of a lone `T` gives (`T2`), or null. */
export function tariffMark(reread: { text: string; score: number }): string | null {
  const m = reread.text.trim().match(/^T\s?([1-4])$/);
  return m && reread.score >= MARK_SCORE ? `T${m[1]}` : null;
}
