// The only module that imports sharp. Everything downstream works on one decoded RGB buffer.
import sharp from 'sharp';

/** Interleaved 8-bit RGB pixels. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export class BadImageError extends Error {}

/**
 * Threads libvips may use per image. sharp defaults to 1 on glibc Linux (against heap fragmentation),
 * which leaves the second core idle while a 16 MP phone JPEG is decoded and shrunk (about 135 -> 110 ms
 * on a 2-core Xeon VM): the recogniser's own thread count is used instead.
 */
export function setImageThreads(threads: number): void {
  sharp.concurrency(Math.max(1, Math.floor(threads)));
}

export interface DecodeOptions {
  /** Refuse images whose declared width*height exceeds this (checked from the header, before decoding). */
  maxPixels: number;
  /** Longest side of the working image; larger photos are downscaled once, here. */
  maxSide: number;
}

/** Decodes JPEG/PNG bytes, applies the EXIF orientation and downscales once. Throws BadImageError. */
export async function decodeImage(bytes: Uint8Array, opts: DecodeOptions): Promise<RgbImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: opts.maxPixels }).metadata();
  } catch (err) {
    throw new BadImageError(`undecodable image: ${(err as Error).message}`);
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new BadImageError(`unsupported format ${meta.format}`);
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w < 8 || h < 8) throw new BadImageError('image too small');
  if (w * h > opts.maxPixels) throw new BadImageError('image exceeds the pixel limit');
  try {
    // sequentialRead: the pipeline reads the image top to bottom once (same pixels, less work).
    const { data, info } = await sharp(bytes, { limitInputPixels: opts.maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (err) {
    throw new BadImageError(`undecodable image: ${(err as Error).message}`);
  }
}

/** Resizes a whole RGB image to exactly width x height. */
export async function resizeRgb(img: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (img.width === width && img.height === height) return img;
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
}

/** Encodes an RGB image as PNG (debugging and test fixtures). */
export async function encodePng(img: RgbImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).png().toBuffer();
}

/** Renders an SVG document to PNG bytes (test fixtures). */
export async function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Samples the quadrilateral `quad` (4 corners clockwise from top-left) of `img` into an
 * outW x outH RGB image with bilinear interpolation (affine map from three corners).
 */
export function sampleQuad(img: RgbImage, quad: [number, number][], outW: number, outH: number): RgbImage {
  const [p0, p1, , p3] = quad;
  const ux = (p1[0] - p0[0]) / outW;
  const uy = (p1[1] - p0[1]) / outW;
  const vx = (p3[0] - p0[0]) / outH;
  const vy = (p3[1] - p0[1]) / outH;
  const out = new Uint8Array(outW * outH * 3);
  const { data, width, height } = img;
  for (let j = 0; j < outH; j++) {
    for (let i = 0; i < outW; i++) {
      const x = p0[0] + (i + 0.5) * ux + (j + 0.5) * vx - 0.5;
      const y = p0[1] + (i + 0.5) * uy + (j + 0.5) * vy - 0.5;
      const o = (j * outW + i) * 3;
      bilinear(data, width, height, x, y, out, o);
    }
  }
  return { data: out, width: outW, height: outH };
}

/** bilinear inside the image (nearly every sample): the same arithmetic without the clamping. Small, so V8 inlines it in hot loops. */
function bilinearInside(data: Uint8Array, w: number, x: number, y: number, out: Uint8Array, o: number): void {
  const x0 = x | 0;
  const y0 = y | 0;
  const fx = x - x0;
  const fy = y - y0;
  const a = (y0 * w + x0) * 3;
  const c = a + w * 3;
  for (let k = 0; k < 3; k++) {
    const top = data[a + k] + (data[a + 3 + k] - data[a + k]) * fx;
    const bot = data[c + k] + (data[c + 3 + k] - data[c + k]) * fx;
    out[o + k] = top + (bot - top) * fy + 0.5;
  }
}

function bilinear(data: Uint8Array, w: number, h: number, x: number, y: number, out: Uint8Array, o: number): void {
  if (x >= 0 && y >= 0 && x < w - 1 && y < h - 1) {
    bilinearInside(data, w, x, y, out, o);
    return;
  }
  const xc = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const yc = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = Math.floor(xc);
  const y0 = Math.floor(yc);
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = xc - x0;
  const fy = yc - y0;
  const a = (y0 * w + x0) * 3;
  const b = (y0 * w + x1) * 3;
  const c = (y1 * w + x0) * 3;
  const d = (y1 * w + x1) * 3;
  for (let k = 0; k < 3; k++) {
    const top = data[a + k] + (data[b + k] - data[a + k]) * fx;
    const bot = data[c + k] + (data[d + k] - data[c + k]) * fx;
    out[o + k] = top + (bot - top) * fy + 0.5;
  }
}

/**
 * Like sampleQuad, but averages `factor` x `factor` samples per output pixel so that shrinking a
 * large region (a digit cell to 20x32) does not alias.
 */
export function sampleQuadSmooth(img: RgbImage, quad: [number, number][], outW: number, outH: number): RgbImage {
  const srcW = Math.hypot(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]);
  const srcH = Math.hypot(quad[3][0] - quad[0][0], quad[3][1] - quad[0][1]);
  const factor = Math.max(1, Math.min(4, Math.round(Math.max(srcW / outW, srcH / outH))));
  if (factor === 1) return sampleQuad(img, quad, outW, outH);
  // The factor x factor grid of sampleQuad's samples per output pixel, summed as it goes (no
  // intermediate image: the wheel reader samples a hundred cells per row this way).
  const [p0, p1, , p3] = quad;
  const bigW = outW * factor;
  const bigH = outH * factor;
  const ux = (p1[0] - p0[0]) / bigW;
  const uy = (p1[1] - p0[1]) / bigW;
  const vx = (p3[0] - p0[0]) / bigH;
  const vy = (p3[1] - p0[1]) / bigH;
  const out = new Uint8Array(outW * outH * 3);
  const px = new Uint8Array(3);
  const n = factor * factor;
  const { data, width, height } = img;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        const j = y * factor + dy + 0.5;
        for (let dx = 0; dx < factor; dx++) {
          const i = x * factor + dx + 0.5;
          const sx = p0[0] + i * ux + j * vx - 0.5;
          const sy = p0[1] + i * uy + j * vy - 0.5;
          if (sx >= 0 && sy >= 0 && sx < width - 1 && sy < height - 1) bilinearInside(data, width, sx, sy, px, 0);
          else bilinear(data, width, height, sx, sy, px, 0);
          r += px[0];
          g += px[1];
          b += px[2];
        }
      }
      const o = (y * outW + x) * 3;
      out[o] = (r / n + 0.5) | 0;
      out[o + 1] = (g / n + 0.5) | 0;
      out[o + 2] = (b / n + 0.5) | 0;
    }
  }
  return { data: out, width: outW, height: outH };
}

/** Rotates an RGB image by 90 degrees counter-clockwise (for vertical text crops). */
export function rotateCcw(img: RgbImage): RgbImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (y * w + x) * 3;
      const d = ((w - 1 - x) * h + y) * 3;
      out[d] = data[s];
      out[d + 1] = data[s + 1];
      out[d + 2] = data[s + 2];
    }
  }
  return { data: out, width: h, height: w };
}

/** Grey for the corners a turn by an odd angle brings into the picture (no edge for the detector to box). */
const TURN_FILL = 128;

/**
 * Turns an RGB image by `radians` (clockwise as seen, y pointing down) about its centre, onto a
 * canvas large enough to keep all of it, the corners brought in filled grey.
 */
export function rotateBy(img: RgbImage, radians: number): RgbImage {
  const { width: w, height: h, data } = img;
  const [c, s] = [Math.cos(radians), Math.sin(radians)];
  // (Less a rounding error's worth: a half turn keeps the size.)
  const outW = Math.ceil(w * Math.abs(c) + h * Math.abs(s) - 1e-6);
  const outH = Math.ceil(w * Math.abs(s) + h * Math.abs(c) - 1e-6);
  const out = new Uint8Array(outW * outH * 3);
  for (let j = 0; j < outH; j++) {
    for (let i = 0; i < outW; i++) {
      // The output pixel's centre turned back into the source.
      const dx = i + 0.5 - outW / 2;
      const dy = j + 0.5 - outH / 2;
      const x = dx * c + dy * s + w / 2 - 0.5;
      const y = -dx * s + dy * c + h / 2 - 0.5;
      const o = (j * outW + i) * 3;
      if (x >= -0.5 && y >= -0.5 && x <= w - 0.5 && y <= h - 0.5) bilinear(data, w, h, x, y, out, o);
      else out.fill(TURN_FILL, o, o + 3);
    }
  }
  return { data: out, width: outW, height: outH };
}

/** Rotates an RGB image by 180 degrees. */
export function rotate180(img: RgbImage): RgbImage {
  const n = img.width * img.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const s = i * 3;
    const d = (n - 1 - i) * 3;
    out[d] = img.data[s];
    out[d + 1] = img.data[s + 1];
    out[d + 2] = img.data[s + 2];
  }
  return { data: out, width: img.width, height: img.height };
}

/**
 * Writes `img` as CHW float32 into `dst` (a tensor of width `dstW`, height img.height) at batch
 * offset `offset`, applying (v/255 - mean[c]) / std[c]. Columns past img.width are left as they are.
 * With `bgr` the planes are written in B, G, R order (what the PaddleOCR models were trained on).
 */
export function writeChw(
  img: RgbImage,
  dst: Float32Array,
  offset: number,
  dstW: number,
  mean: readonly number[],
  std: readonly number[],
  bgr = false,
): void {
  const { width: w, height: h, data } = img;
  const plane = dstW * h;
  // One table lookup per value instead of a multiply-add (same floats): 5.3 -> 3.9 ms for a
  // 960x736 detector input.
  const lut = new Float32Array(256);
  for (let c = 0; c < 3; c++) {
    const s = 1 / (255 * std[c]);
    const ms = mean[c] / std[c];
    for (let v = 0; v < 256; v++) lut[v] = v * s - ms;
    const base = offset + c * plane;
    const src = bgr ? 2 - c : c;
    for (let y = 0; y < h; y++) {
      const row = base + y * dstW;
      let si = y * w * 3 + src;
      for (let x = 0; x < w; x++, si += 3) dst[row + x] = lut[data[si]];
    }
  }
}

/** Colour statistics of a region: how red/blue and how dark/bright it is. */
export interface ColourStats {
  /** Fraction of pixels that are saturated red. */
  redFraction: number;
  /** Fraction of pixels that are saturated blue. */
  blueFraction: number;
  meanLuma: number;
  /** Mean saturation 0..1. */
  meanSaturation: number;
  /** Pixels sampled. */
  samples: number;
}

/** Whether a pixel is a saturated red (red paint, red numerals; not skin, wood or a warm cast's grey). */
export function saturatedRed(r: number, g: number, b: number): boolean {
  const mx = Math.max(r, g, b);
  const mn = Math.min(r, g, b);
  const s = mx === 0 ? 0 : (mx - mn) / mx;
  return r === mx && s > 0.35 && mx > 60 && r - Math.max(g, b) > 40 && Math.abs(g - b) < (r - mn) * 0.6;
}

/** Share of the darkest `share` of an image's pixels (its ink, on a light ground) that is saturated red. */
export function inkRedFraction(img: RgbImage, share = 0.25): number {
  const n = img.width * img.height;
  const order = Array.from({ length: n }, (_, i) => i);
  const lum = luma(img);
  order.sort((a, b) => lum[a] - lum[b]);
  const ink = order.slice(0, Math.max(1, Math.round(n * share)));
  return ink.filter((i) => saturatedRed(img.data[3 * i], img.data[3 * i + 1], img.data[3 * i + 2])).length / ink.length;
}

/** Colour statistics inside an axis-aligned rectangle (clamped to the image), every `step`-th pixel. */
export function colourStats(img: RgbImage, x0: number, y0: number, x1: number, y1: number, step = 1): ColourStats {
  const xa = Math.max(0, Math.floor(x0));
  const ya = Math.max(0, Math.floor(y0));
  const xb = Math.min(img.width, Math.ceil(x1));
  const yb = Math.min(img.height, Math.ceil(y1));
  let n = 0;
  let red = 0;
  let blue = 0;
  let luma = 0;
  let sat = 0;
  for (let y = ya; y < yb; y += step) {
    for (let x = xa; x < xb; x += step) {
      const i = (y * img.width + x) * 3;
      const r = img.data[i];
      const g = img.data[i + 1];
      const b = img.data[i + 2];
      const mx = Math.max(r, g, b);
      const mn = Math.min(r, g, b);
      const s = mx === 0 ? 0 : (mx - mn) / mx;
      luma += 0.299 * r + 0.587 * g + 0.114 * b;
      sat += s;
      if (saturatedRed(r, g, b)) red++;
      else if (b === mx && s > 0.35 && mx > 50 && b - r > 40 && b - g > 15) blue++;
      n++;
    }
  }
  if (n === 0) return { redFraction: 0, blueFraction: 0, meanLuma: 0, meanSaturation: 0, samples: 0 };
  return { redFraction: red / n, blueFraction: blue / n, meanLuma: luma / n, meanSaturation: sat / n, samples: n };
}

/**
 * Luminance of an RGB image, unrounded (`toGrey`'s 8-bit values took a speck on a dirty
 * low-resolution LCD for a decimal point).
 */
export function luma(img: RgbImage): Float32Array {
  const out = new Float32Array(img.width * img.height);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * img.data[3 * i] + 0.587 * img.data[3 * i + 1] + 0.114 * img.data[3 * i + 2];
  return out;
}

/**
 * The image with its luminance range stretched to 0..255 (the darkest and lightest 2% clipped), the
 * same mapping on every channel so colours keep their hue: a dim or hazy crop's digits stand out.
 */
export function stretchContrast(img: RgbImage): RgbImage {
  const sorted = luma(img).sort();
  const lo = sorted[Math.floor(sorted.length * STRETCH_CLIP)];
  const hi = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * (1 - STRETCH_CLIP)))];
  const gain = 255 / Math.max(1, hi - lo);
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round((img.data[i] - lo) * gain)));
  return { data, width: img.width, height: img.height };
}
const STRETCH_CLIP = 0.02;

/** Converts an RGB image to 8-bit grey. */
export function toGrey(img: RgbImage): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = i * 3;
    out[i] = (img.data[s] * 77 + img.data[s + 1] * 150 + img.data[s + 2] * 29) >> 8;
  }
  return out;
}

/** Axis-aligned part of `img` (clipped to it), copied. */
export function cropRgb(img: RgbImage, x0: number, y0: number, x1: number, y1: number): RgbImage {
  const xa = Math.max(0, Math.floor(x0));
  const ya = Math.max(0, Math.floor(y0));
  const xb = Math.min(img.width, Math.ceil(x1));
  const yb = Math.min(img.height, Math.ceil(y1));
  const width = Math.max(1, xb - xa);
  const height = Math.max(1, yb - ya);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((ya + y) * img.width + xa) * 3;
    data.set(img.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { data, width, height };
}
