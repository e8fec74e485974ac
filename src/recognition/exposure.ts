// Underexposed photos (night shots, a meter in a dark cupboard) brought back to a usable range.
import type { RgbImage } from './preprocess.js';

/**
 * A photo is underexposed when 90% of its central part is darker than this (of 255). Photos lit
 * normally, grey low-contrast ones included, sit above it (the dimmest meters-dev photos at 110):
 * the image is then left untouched, since brightening those lost readings (6 of 82 when the line
 * was raised to 125). Below 100 the benchmark's night shots gained readings (3 more at 100 than at 90).
 */
export const DARK_P90 = 100;
/** The brightest 1% of the central part is mapped to this level. */
const WHITE_TARGET = 235;
/** Median brightness, relative to that white, the gamma brings the photo to (a normally lit meter's). */
const MID_TARGET = 0.5;
/** Gamma bounds: never darken the mid-tones, and never lift them so far that JPEG noise takes over. */
const MIN_GAMMA = 0.4;
const MAX_GAMMA = 1;

export interface Exposure {
  p50: number;
  p90: number;
  p99: number;
}

/** Luma percentiles of the central 70% of the photo (the meter, not its dark surroundings' edges). */
export function measureExposure(img: RgbImage): Exposure {
  const hist = new Uint32Array(256);
  const x0 = Math.floor(img.width * 0.15);
  const x1 = Math.ceil(img.width * 0.85);
  const y0 = Math.floor(img.height * 0.15);
  const y1 = Math.ceil(img.height * 0.85);
  let n = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = (y * img.width + x) * 3;
      hist[(img.data[i] * 77 + img.data[i + 1] * 150 + img.data[i + 2] * 29) >> 8]++;
      n++;
    }
  }
  const at = (q: number) => {
    let c = 0;
    for (let v = 0; v < 256; v++) {
      c += hist[v];
      if (c >= q * n) return v;
    }
    return 255;
  };
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/**
 * The photo brightened when it is underexposed, else the same object. One curve for all three
 * channels (hue kept, so red drums stay red): a gain that takes the brightest 1% to near white, and
 * a gamma that lifts the median to a normal photo's, undoing the steep tone curve of a dark shot.
 */
export function correctExposure(img: RgbImage): RgbImage {
  const e = measureExposure(img);
  if (e.p90 >= DARK_P90) return img;
  const white = Math.max(e.p99, 8);
  const mid = Math.min(0.95, Math.max(e.p50, 1) / white);
  const gamma = Math.min(MAX_GAMMA, Math.max(MIN_GAMMA, Math.log(MID_TARGET) / Math.log(mid)));
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round(WHITE_TARGET * Math.pow(Math.min(v / white, 255 / WHITE_TARGET), gamma)));
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[img.data[i]];
  return { data, width: img.width, height: img.height };
}
