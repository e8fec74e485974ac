// Drums in separate windows: the dark bars between the windows run the full height of the row, and
// next to them the recogniser may read nothing at all in a row of plain, legible digits (it takes
// the bars for a pattern, not text). Blanking those bars out lets it read the digits.
import type { RgbImage } from '../preprocess.js';
import type { RotatedRect } from './geometry.js';
import { cropForRec, DEFAULT_REC, type RecognizedCrop } from './recognizer.js';

/** A column is a divider when this share of its height is dark (a digit's stroke is shorter). */
const DIVIDER_HEIGHT = 0.75;
/** Grey-level quantiles taken as the row's ink and its background. */
const INK_QUANTILE = 0.05;
const BACKGROUND_QUANTILE = 0.8;

/**
 * The crop with every full-height dark column painted in the background's grey, or null when it has
 * no such column (or no contrast to tell one by).
 */
export function withoutDividers(crop: RgbImage): RgbImage | null {
  const { width: w, height: h, data } = crop;
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = 0.3 * data[i * 3] + 0.59 * data[i * 3 + 1] + 0.11 * data[i * 3 + 2];
  const sorted = Float32Array.from(grey).sort();
  const ink = sorted[Math.floor(sorted.length * INK_QUANTILE)];
  const background = sorted[Math.floor(sorted.length * BACKGROUND_QUANTILE)];
  if (background - ink < 24) return null;
  const dark = (ink + background) / 2;
  const out = new Uint8Array(data);
  let blanked = 0;
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) if (grey[y * w + x] < dark) n++;
    if (n <= DIVIDER_HEIGHT * h) continue;
    blanked++;
    for (let y = 0; y < h; y++) out.fill(Math.round(background), (y * w + x) * 3, (y * w + x) * 3 + 3);
  }
  // A crop dark all over is a dark row (an LCD, black drums), not one with dividers.
  return blanked > 0 && blanked < w / 2 ? { width: w, height: h, data: out } : null;
}

/** Boxes at least this many times longer than high may be digit rows. */
const ROW_ASPECT = 4;

/**
 * Each long box the recogniser read as nothing, read again with its dividers blanked out; `recs`
 * (one per rect) takes the new reading where there is one.
 */
export async function rereadEmptyRows(
  img: RgbImage,
  rects: RotatedRect[],
  recs: RecognizedCrop[],
  recognizeCrops: (crops: RgbImage[]) => Promise<RecognizedCrop[]>,
): Promise<void> {
  const retried = rects.flatMap((r, i) => {
    if (recs[i].text.trim() || r.width < ROW_ASPECT * r.height) return [];
    const clean = withoutDividers(cropForRec(img, r, DEFAULT_REC.maxWidth));
    return clean ? [{ i, clean }] : [];
  });
  if (!retried.length) return;
  const again = await recognizeCrops(retried.map((r) => r.clean));
  retried.forEach(({ i }, k) => {
    if (again[k].text.trim()) recs[i] = again[k];
  });
}
