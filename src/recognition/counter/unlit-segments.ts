// Seven-segment displays whose unlit segments show faintly: the recogniser reads them as lit, a `1`
// as an `8`, a `7` as a `3`, with full confidence. The row is read again from a strip in which every
// stroke under about a third of the lit ones' contrast is wiped into the background. Unlit segments
// only add strokes, so the re-read may take a segment away from a digit the first pass read, never add one.
import { luma, type RgbImage } from '../preprocess.js';
import type { RotatedRect } from '../ocr/geometry.js';
import { rowStrip, type CounterReading } from './reader.js';
import type { DigitCell } from './window.js';
import { quantile } from './row-look.js';

/** Segments a..g (top, upper right, lower right, bottom, lower left, upper left, middle) per digit. */
const SEGMENTS = [0b0111111, 0b0000110, 0b1011011, 0b1001111, 0b1100110, 0b1101101, 0b1111101, 0b0000111, 0b1111111, 0b1101111];

/** Whether a display showing `lit` can look like `seen` once its unlit segments show: lit's segments are among seen's. */
export function litWithin(lit: number, seen: number): boolean {
  return (SEGMENTS[lit] & ~SEGMENTS[seen]) === 0;
}

/**
 * Share of the lit strokes' contrast under which a stroke counts as unlit. Unlit segments show at up
 * to a fifth or so of the lit ones' contrast. A real display draws some lit strokes fainter than others
 * (low resolution, light falling unevenly): wiping up to half took bars off the data set's LCD digits
 * (`inlcd_tests_4`'s last 0 read as a 7, `_8`'s 4 as a 9).
 */
const WIPE_BELOW = 0.3;
/** Ratio of the strip's brightest ground to its dimmest from which a display is lit unevenly. */
const UNEVEN_LIGHT = 1.5;
/** Share of the lit contrast from which a stroke is drawn fully dark. */
const FULL_FROM = 0.7;
/**
 * The lit contrast is taken locally (over this many pitches either side), so that a display lit
 * unevenly (glare on one end) keeps its dimmer digits; never below this share of the strip's own.
 */
const LOCAL_PITCHES = 1.5;
const LOCAL_FLOOR = 0.5;
/**
 * Rows of the strip the lit contrast is measured on: the digits' middle, where their upright
 * strokes are, not a display frame at the strip's top or bottom.
 */
const BAND = [0.25, 0.75];
/**
 * Side of the square the background is taken over, in pitches: wider than any stroke, so that the
 * strokes, lit or not, are not background, and narrow enough to follow the light across a display.
 */
const BACKGROUND_SIDE = 0.45;

/**
 * The strip with its faint strokes wiped out, as dark ink on white whatever the display's polarity.
 * `pitch`: the digits' spacing in strip pixels.
 */
export function wipeFaintStrokes(strip: RgbImage, pitch: number): RgbImage {
  const { width: w, height: h } = strip;
  let g = luma(strip);
  // Light digits on a dark display are turned dark on light: the ink is then the darker side. Told
  // over the whole strip, or, where a shadow across it dims part of its ground, pitch by pitch (the
  // lit and the shaded ground together pass for light strokes on a dark one).
  if (lightInk(g, w, h, pitch)) g = g.map((v) => 255 - v);
  // The background under each pixel: the strip closed (the strokes filled in with their surroundings).
  const background = closed(g, w, h, Math.max(3, Math.round(pitch * BACKGROUND_SIDE)));
  // On a display lit unevenly (a shadow across it), a stroke's depth is a share of its ground's level,
  // in the light's grey levels: a shadow dims the strokes with their ground, and a lit digit in it
  // would be drawn no darker than the unlit segments in the light (a `0000294` half in a shadow
  // re-read `3080284`, the shadow's edge drawn as strokes, and withheld).
  const grounds = Float32Array.from(background).sort();
  const [dim, bright] = [grounds[Math.floor(0.05 * grounds.length)], grounds[Math.floor(0.95 * grounds.length)]];
  const uneven = bright > UNEVEN_LIGHT * Math.max(1, dim);
  const ink = g.map((v, i) => Math.max(0, background[i] - v) * (uneven ? bright / Math.max(1, background[i]) : 1));
  // Per column: the third strongest stroke sample in the band (one or two are noise).
  const y0 = Math.floor(h * BAND[0]);
  const y1 = Math.ceil(h * BAND[1]);
  const column = new Float32Array(w);
  const top = [0, 0, 0];
  for (let x = 0; x < w; x++) {
    top.fill(0);
    for (let y = y0; y < y1; y++) {
      const d = ink[y * w + x];
      if (d > top[2]) {
        top[2] = d;
        top.sort((a, b) => b - a);
      }
    }
    column[x] = top[2];
  }
  const strongest = Math.max(1, ...column);
  const reach = Math.max(1, Math.round(pitch * LOCAL_PITCHES));
  const out = new Uint8Array(3 * w * h);
  for (let x = 0; x < w; x++) {
    let local = 0;
    for (let k = Math.max(0, x - reach); k <= Math.min(w - 1, x + reach); k++) local = Math.max(local, column[k]);
    const lit = Math.max(local, LOCAL_FLOOR * strongest);
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      const share = ink[i] / lit;
      const dark = Math.min(1, Math.max(0, (share - WIPE_BELOW) / (FULL_FROM - WIPE_BELOW)));
      out[3 * i] = out[3 * i + 1] = out[3 * i + 2] = Math.round(255 * (1 - dark));
    }
  }
  return { data: out, width: w, height: h };
}

/** Whether the strip's strokes are lighter than their ground (see wipeFaintStrokes). */
function lightInk(g: Float32Array, w: number, h: number, pitch: number): boolean {
  // How much further the lightest tail reaches from the middle grey than the darkest does.
  const side = (v: ArrayLike<number>) => {
    const sorted = Float64Array.from(v).sort();
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    return q(0.98) - q(0.5) - (q(0.5) - q(0.02));
  };
  const step = Math.max(2, Math.round(pitch));
  const windows: Float32Array[] = [];
  for (let x0 = 0; x0 < w; x0 += step) {
    const x1 = Math.min(w, x0 + step);
    const win = new Float32Array((x1 - x0) * h);
    for (let y = 0; y < h; y++) win.set(g.subarray(y * w + x0, y * w + x1), y * (x1 - x0));
    windows.push(win);
  }
  const grounds = windows.map((win) => quantile(win, 0.5));
  const uneven = quantile(grounds, 0.95) > UNEVEN_LIGHT * Math.max(1, quantile(grounds, 0.05));
  return uneven ? windows.reduce((sum, win) => sum + side(win), 0) > 0 : side(g) > 0;
}

/**
 * The ground under each sample of dark strokes on light: `v` closed (a max filter, then a min filter,
 * square, of side `side`), which fills in every stroke narrower than the square with its surroundings.
 */
export function closed(v: Float32Array, w: number, h: number, side: number): Float32Array {
  return extreme(extreme(v, w, h, side, Math.max), w, h, side, Math.min);
}

/** A square max or min filter of side `side`: along the rows, then along the columns, edges clamped. */
function extreme(v: Float32Array, w: number, h: number, side: number, pick: (a: number, b: number) => number): Float32Array {
  const r = Math.floor(side / 2);
  return slide(slide(v, w, h, r, pick, true), w, h, r, pick, false);
}

function slide(v: Float32Array, w: number, h: number, r: number, pick: (a: number, b: number) => number, alongRows: boolean): Float32Array {
  const out = new Float32Array(v.length);
  const [n, step] = alongRows ? [w, 1] : [h, w];
  for (let i = 0; i < v.length; i++) {
    const at = alongRows ? i % w : Math.floor(i / w);
    let m = v[i];
    for (let k = Math.max(0, at - r); k <= Math.min(n - 1, at + r); k++) m = pick(m, v[i + (k - at) * step]);
    out[i] = m;
  }
  return out;
}

/** How far past the row's first and last cells the re-read strip reaches, in pitches. */
const MARGIN = 0.7;

/** The strip the row is re-read from: along the row, from a little before its first cell to a little past its last. */
export function unlitStrip(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>): RotatedRect {
  return rowStrip(c, MARGIN, MARGIN);
}

/**
 * How far (in pitches) a re-read digit may lie from the first pass's cell it stands for: a lit `1`
 * is its cell's right-hand segments, a third of a pitch off the cell's centre.
 */
const SAME_CELL = 0.6;

/**
 * How a re-read without unlit segments compares with the first pass's row:
 * - `same`: its digits stand, in order, for the row's last cells, as the digits the first pass read
 *   there, and the cells before them were read as 8 (blank digits, all seven unlit segments showing);
 *   `cells` is the first pass's row with the re-read's digits, scores and points, the blank ones left out;
 * - `fewer`: the same, but with some digit read with fewer segments than the first pass's (unlit
 *   ones it took for lit: a 1 read as an 8);
 * - `more`: on the same cells, but some digit has a segment the first pass's lacks (a lit one the
 *   first pass missed: a 7 read as a 1);
 * - `unlike`: any other re-read (more digits, digits off the row's cells, a lit leading digit gone).
 */
export type UnlitComparison = { kind: 'fewer' | 'same'; cells: DigitCell[] } | { kind: 'more' | 'unlike' };

export function compareUnlit(first: Pick<CounterReading, 'cells' | 'pitch' | 'axis'>, read: DigitCell[]): UnlitComparison {
  const lead = first.cells.length - read.length;
  if (read.length === 0 || lead < 0 || first.cells.slice(0, lead).some((c) => c.digit !== 8)) return { kind: 'unlike' };
  const along = (c: DigitCell) => c.x * first.axis[0] + c.y * first.axis[1];
  const pairs = read.map((r, j) => ({ r, f: first.cells[lead + j] }));
  if (pairs.some(({ r, f }) => Math.abs(along(r) - along(f)) > SAME_CELL * first.pitch)) return { kind: 'unlike' };
  if (pairs.some(({ r, f }) => !litWithin(r.digit, f.digit))) return { kind: 'more' };
  const cells = pairs.map(({ r, f }) => ({ ...f, digit: r.digit, score: r.score, line: r.line, followedBySeparator: r.followedBySeparator }));
  return { kind: pairs.every(({ r, f }) => r.digit === f.digit) ? 'same' : 'fewer', cells };
}

/**
 * Whether a re-read without unlit segments puts the row's digits in doubt: it reads a digit with
 * segments fewer or more, or leaves out a lead `8` as a blank digit (a rendered `48.6` after four
 * blank digits read `848.6`, the blank digit's unlit segments darkened by a shadow's edge across them).
 * `blank`: lead cells the row's own signs already show to be unlit (see PlainRowSigns.ghostLead),
 * which the reading leaves out, so the re-read leaving them out too is no doubt.
 */
export function unlitContests(row: Pick<CounterReading, 'cells'>, cmp: UnlitComparison, blank = 0): boolean {
  return cmp.kind === 'fewer' || cmp.kind === 'more' || (cmp.kind === 'same' && cmp.cells.length < row.cells.length - blank);
}
