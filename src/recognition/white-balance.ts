// A strong colour cast (tungsten or sodium light under a daylight white balance) taken out of the
// photo before anything reads it: red drums, red frames and a meter body's colour are judged against
// white, and under a warm cast every white drum face looks orange.
import type { RgbImage } from './preprocess.js';

/** The brightest share of the photo's unclipped pixels taken as white (dial paper, numerals, labels). */
const WHITE_SHARE = 0.03;
/**
 * Casts up to this (brightest over dimmest channel of the whites) are left alone: ordinary indoor
 * photos sit below it (meters-dev's warmest, a hot-water meter, at 1.58; corrected from 1.35 on, its
 * reading was lost), and the readers' own thresholds, the row's own balance included, were set on them.
 */
export const CAST_LEFT = 1.6;
/**
 * A cool cast (red the whites' dimmest channel: shade, fluorescent or cool LED light) is taken out from
 * this on: it takes the red out of red drums (PAFAL red tenths under such light, whites 1.46 to 1.6 less
 * red than green or blue, no longer passed for red), and meters-dev's coolest meter photo sits at 1.13.
 */
export const COOL_CAST_LEFT = 1.25;
/** Beyond this the "whites" are the scene's colour (a red body filling the frame), not the light's. */
export const CAST_MAX = 3;
/** Every pixel is sampled on a grid about this many steps wide. */
const GRID = 200;
/** A channel value from which a pixel is clipped: its colour says nothing of the light's. */
const CLIPPED = 250;

/** The mean colour of the photo's whites, or null when it has too few unclipped bright pixels. */
export function whitePatch(img: RgbImage): [number, number, number] | null {
  const step = Math.max(1, Math.floor(Math.max(img.width, img.height) / GRID));
  const d = img.data;
  const at = new Int32Array(Math.ceil(img.width / step) * Math.ceil(img.height / step));
  const luma = new Float64Array(at.length);
  let m = 0;
  for (let y = 0; y < img.height; y += step) {
    for (let i = y * img.width * 3; i < (y + 1) * img.width * 3; i += 3 * step) {
      if (d[i] >= CLIPPED || d[i + 1] >= CLIPPED || d[i + 2] >= CLIPPED) continue;
      at[m] = i;
      luma[m++] = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    }
  }
  if (m < 100) return null;
  const k = Math.max(10, Math.round(m * WHITE_SHARE));
  const threshold = luma.slice(0, m).sort()[m - k];
  // Exactly k pixels: those above the threshold, then those at it in grid order.
  let atThreshold = k - luma.subarray(0, m).filter((v) => v > threshold).length;
  const sum = [0, 0, 0];
  let n = 0;
  for (let j = 0; j < m; j++) {
    if (luma[j] < threshold || (luma[j] === threshold && atThreshold-- <= 0)) continue;
    sum[0] += d[at[j]];
    sum[1] += d[at[j] + 1];
    sum[2] += d[at[j] + 2];
    n++;
  }
  const mean = sum.map((v) => v / n) as [number, number, number];
  return Math.min(...mean) < 30 ? null : mean;
}

/**
 * The photo with its whites made grey when their cast is between CAST_LEFT (COOL_CAST_LEFT for a
 * cool one) and CAST_MAX, else the same object. The brightest channel stays as it is and the others
 * are raised to it.
 */
export function correctColourCast(img: RgbImage): RgbImage {
  const white = whitePatch(img);
  if (!white) return img;
  const top = Math.max(...white);
  const least = Math.min(...white);
  const cast = top / least;
  if (cast <= (white[0] === least ? COOL_CAST_LEFT : CAST_LEFT) || cast > CAST_MAX) return img;
  const luts = white.map((w) => {
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round((v * top) / w));
    return lut;
  });
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = luts[0][img.data[i]];
    data[i + 1] = luts[1][img.data[i + 1]];
    data[i + 2] = luts[2][img.data[i + 2]];
  }
  return { data, width: img.width, height: img.height };
}
