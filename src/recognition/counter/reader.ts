// Turns a counter window into a reading: regular digit cells, decimal position, confidence.
import { colourStats, inkRedFraction, sampleQuad, type RgbImage } from '../preprocess.js';
import type { Point } from '../ocr/types.js';
import type { RotatedRect } from '../ocr/geometry.js';
import { median, type CounterWindow, type DigitCell } from './window.js';
import type { RowLook } from './row-look.js';
import type { PlainRowSigns } from './plain-row.js';
import type { HalfNumeral } from './half-numerals.js';

/** Where the decimal point came from: red drums, a printed point, multiplier marks under the drums. */
export type DecimalSource = 'colour' | 'point' | 'marks' | 'none';

/** Most digits a counter row holds (drums or a display's digits). */
export const MAX_ROW_DIGITS = 9;

/** Drum rows (red drums, or multiplier marks under the drums): the CNN checks every OCR digit of them. */
export function drumRow(c: Pick<CounterReading, 'decimalSource'>): boolean {
  return c.decimalSource === 'colour' || c.decimalSource === 'marks';
}

export interface CounterReading {
  /** Digits left to right, e.g. "00488675". */
  digits: string;
  decimals: number;
  decimalSource: DecimalSource;
  value: number;
  /** Lowest per-digit OCR confidence. */
  minScore: number;
  /**
   * Digits the OCR read on the row's line past its last cell, off its pitch, that the row left out (see
   * regularise): a frame's edge read as a `1`, or a display's own last digit, as a seven-segment `1`
   * a pitch and a half on (its cell's right-hand segments) with the OCR's places a little off.
   */
  offPitchPast?: number;
  /** Whether the cells are evenly spaced (no missing or extra digit suspected). */
  regular: boolean;
  cells: DigitCell[];
  redFractions: number[];
  /**
   * The same share over the middle of each cell only, where the numeral is: a black drum next to a
   * red one picks up red at its edge (colour bleeding in soft or compressed photos), not there.
   */
  redCores: number[];
  /** Colour-cast correction the red fractions were measured with, if any. */
  gains?: Gains;
  /**
   * A red cell right after the last digit: the row continues past what the OCR read. Also set on a row
   * ending in red drums where the drum after them, which the CNN reads firmly, goes unsettled (see
   * settledTail in passes/see.ts).
   */
  redBeyond: boolean;
  /**
   * A row ending in red drum faces with one more red drum face right after it: the OCR may have
   * stopped short of the last fractional drum. The first pass lets this pass where the CNN reads that
   * drum unsurely (many photos show a further drum too rolled or cut off to read, and their readings
   * stop where the OCR's does); the red-channel look does not (see passes/withheld.ts).
   */
  redAfterTail?: boolean;
  /**
   * A row ending in red drums with a red cell right after it, a face or not (a lamp's glare pales a
   * red drum's face to a tint): the red drums go on past what was read.
   */
  redCellAfter?: boolean;
  pitch: number;
  height: number;
  axis: Point;
  /** Drum faces vs the strips between them (set by the pipeline; see row-look.ts). */
  windows?: RowLook;
  /**
   * A drum the OCR did not read follows a plain row in separate windows, in a window of its own (set
   * by the pipeline for such rows only; see drum-beyond.ts).
   */
  drumBeyond?: boolean;
  /**
   * The digits read on drums right before the row's first cell, which the row left out, as a number
   * (set by the pipeline for drum rows; see drum-before.ts); null when none was read there.
   */
  drumBefore?: number | null;
  /** Digits boxed alone over the row's drums, off its line: parts of numerals (set by the pipeline for drum rows; see half-numerals.ts). */
  halfNumerals?: HalfNumeral[];
  /** Signs in the pixels that a row without drum cues is not what the OCR read (set by the pipeline; see plain-row.ts). */
  plainSigns?: PlainRowSigns;
  /** Multiplier marks put a drum (the units drum or a fraction's) past the row's last cell (set by the pipeline; see scale-marks.ts). */
  unitsPastRow?: boolean;
  /** Multiplier marks that place the decimal point elsewhere than the row's red drums do (set by the pipeline; see scale-marks.ts). */
  marksContest?: boolean;
  /**
   * Blank display digits before the first cell, known as such from a first read that took their
   * unlit segments for 8s (set by the pipeline for a row re-read without them; see unlit-segments.ts).
   */
  blankLead?: number;
}

/**
 * How far a gap may stray from the pitch. Character positions come from CTC steps, which jitter
 * by a third of a large LCD digit; a missed or an extra digit moves a gap by half a pitch or more.
 */
const PITCH_TOLERANCE = 0.4;

/**
 * Drops digits at either end that do not sit on the row's regular pitch (frame edges read as '1').
 * An end digit other than a '1' closer than a pitch to its neighbour is no frame: two overlapping
 * boxes read one drum twice, one of them from part of its glyph (the right half of an `8` reads
 * `3`), and which one is the drum is unknown, so the row is not regular.
 */
export function regularise(cells: DigitCell[], pitch: number): { cells: DigitCell[]; regular: boolean } {
  let c = cells.slice();
  let rivals = false;
  const off = (g: number) => Math.abs(g - pitch) / pitch;
  const rival = (end: DigitCell, g: number) => end.digit !== 1 && g < pitch;
  while (c.length > 3 && off(gapAt(c, 1)) > PITCH_TOLERANCE) {
    rivals ||= rival(c[0], c[1].u - c[0].u);
    c = c.slice(1);
  }
  while (c.length > 3 && off(gapAt(c, c.length - 1)) > PITCH_TOLERANCE) {
    rivals ||= rival(c[c.length - 1], c[c.length - 1].u - c[c.length - 2].u);
    c = c.slice(0, -1);
  }
  const regular = !rivals && c.slice(1).every((_, i) => off(gapAt(c, i + 1)) <= PITCH_TOLERANCE);
  return { cells: c, regular };
}

/**
 * The gap before cell `i`. A gap next to a 1 between two other digits is half the span across that
 * 1: a seven-segment 1 lights only its cell's right-hand segments, so its ink (and the OCR's place
 * for it) sits up to half a pitch right of the cell's centre, and the CTC places of its neighbours
 * jitter too (a rendered LCD's `04312` put its 1 and 2 a third of a pitch apart, and the 2 was
 * dropped). The span across it still shows whether the row keeps its pitch.
 */
function gapAt(c: DigitCell[], i: number): number {
  const lone1 = (k: number) => k > 0 && k < c.length - 1 && c[k].digit === 1 && c[k - 1].digit !== 1 && c[k + 1].digit !== 1;
  if (lone1(i)) return (c[i + 1].u - c[i - 1].u) / 2;
  if (lone1(i - 1)) return (c[i].u - c[i - 2].u) / 2;
  return c[i].u - c[i - 1].u;
}

/** The strip along a row from `before` pitches before its first cell to `after` pitches past its last, `height` cell heights high. */
export function rowStrip(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>, before: number, after: number, height = 1): RotatedRect {
  const first = c.cells[0];
  const last = c.cells[c.cells.length - 1];
  const [ax, ay] = c.axis;
  const x0 = first.x - ax * c.pitch * before;
  const y0 = first.y - ay * c.pitch * before;
  const x1 = last.x + ax * c.pitch * after;
  const y1 = last.y + ay * c.pitch * after;
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, width: Math.hypot(x1 - x0, y1 - y0), height: c.height * height, angle: Math.atan2(ay, ax) };
}

/** Quadrilateral of one digit cell, `w` wide along the axis and `h` high. */
export function cellQuad(cell: { x: number; y: number }, axis: Point, w: number, h: number): Point[] {
  const [ax, ay] = axis;
  const [nx, ny] = [-ay, ax];
  const at = (a: number, b: number): Point => [cell.x + a * ax + b * nx, cell.y + a * ay + b * ny];
  return [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
}

export type Gains = [number, number, number];

/** Width of the patch a cell's colour is measured over, in pitches: the whole cell, or its core. */
const CELL_WIDTH = 0.85;
export const CORE_WIDTH = 0.45;

/** Share of saturated-red pixels in each digit cell, after per-channel `gains` (a colour-cast correction). */
export function cellRedness(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, gains?: Gains, width = CELL_WIDTH): number[] {
  return cells.map((cell) => {
    const patch = cellPatch(img, cell, axis, pitch, height, width);
    return colourStats(gains ? balance(patch, gains) : patch, 0, 0, 16, 16).redFraction;
  });
}

/** Share of each cell's ink (its darkest pixels) that is saturated red: red numerals on light drums. */
export function cellInkRedness(img: RgbImage, cells: { x: number; y: number }[], axis: Point, pitch: number, height: number, gains?: Gains): number[] {
  return cells.map((cell) => {
    const patch = cellPatch(img, cell, axis, pitch, height);
    return inkRedFraction(gains ? balance(patch, gains) : patch);
  });
}

function cellPatch(img: RgbImage, cell: { x: number; y: number }, axis: Point, pitch: number, height: number, width = CELL_WIDTH): RgbImage {
  return sampleQuad(img, cellQuad(cell, axis, pitch * width, height * 0.6), 16, 16);
}

/** Darkest red channel, least ratio of red to the other channels and least lead of red over them of a red pixel in shadow. */
const DIM_RED_FLOOR = 30;
const DIM_RED_RATIO = 1.8;
const DIM_RED_LEAD = 20;

/**
 * A red drum face's pixel in shadow: as red in hue as a lit face's, too dark for saturatedRed's
 * brightness floor (an Italian gas row's lit red drum at 155,59,67 on average; under a shadow that
 * leaves 35% of the light, 55,20,23).
 */
function dimRed(r: number, g: number, b: number): boolean {
  const other = Math.max(g, b);
  return r >= DIM_RED_FLOOR && r >= DIM_RED_RATIO * other && r - other >= DIM_RED_LEAD;
}

/**
 * Each cell's share of pixels red in any light (see dimRed, after `gains`), and how much light falls on
 * it: the brightest channel of its lightest pixels (a numeral's white, a red drum's face), which a
 * shadow across the row dims with the rest.
 */
function cellShades(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, gains?: Gains): { dim: number; light: number }[] {
  return cells.map((cell) => {
    const patch = cellPatch(img, cell, axis, pitch, height);
    const d = (gains ? balance(patch, gains) : patch).data;
    const brightest: number[] = [];
    let red = 0;
    for (let i = 0; i < d.length; i += 3) {
      if (dimRed(d[i], d[i + 1], d[i + 2])) red++;
      brightest.push(Math.max(patch.data[i], patch.data[i + 1], patch.data[i + 2]));
    }
    brightest.sort((a, b) => b - a);
    return { dim: red / brightest.length, light: brightest[Math.floor(brightest.length * LIGHT_SHARE)] };
  });
}

/** Share of a cell's pixels brighter than its light (see cellShades). */
const LIGHT_SHARE = 0.05;
/** A cell darker than this share of the lit red drums' light is in shadow (see shadowedRun). */
const SHADOWED = 0.75;
/** Most red drums a row has (see the decimal run in readCounter). */
const MAX_RED_DRUMS = 4;

/**
 * The row's red run with the red drum faces a shadow across the row darkens past the colour test
 * (a gas row's first red `1`, in a shadow's soft edge, at 0.02 of red against 0.24 and 0.74 for the
 * red drums after it in more light: `73131.12` for `7313.112`; the last two of another's, in the
 * shadow, after a first one still lit, made no run at all). The run is the row's last cells, each red
 * to the colour test or mostly red in hue and clearly darker than the row's red cells in the light;
 * the cells before it must be free of red in any light (a dark brown drum is red in hue too, and
 * the row's black drums then are). `k`: the run the colour test found, kept where this finds none longer.
 */
function shadowedRun(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, red: number[], cores: number[], k: number, gains?: Gains): number {
  const n = cells.length;
  if (k >= MAX_RED_DRUMS || red.every((r) => r < RED_CELL)) return k;
  const shades = cellShades(img, cells, axis, pitch, height, gains);
  const dim = shades.map((c) => c.dim);
  const levels = shades.map((c) => c.light);
  const lit = Math.max(...levels.filter((_, i) => red[i] >= RED_CELL));
  // A cell red at its edge alone is no red drum (see tingedByNext), unless the colour test's run holds it.
  const inRun = (i: number) => i >= n - k || (red[i] >= RED_CELL && cores[i] >= RED_CELL) || (dim[i] >= RED_FACE && levels[i] <= SHADOWED * lit);
  let j = 0;
  while (j < MAX_RED_DRUMS && n - j > 2 && inRun(n - 1 - j)) j++;
  const before = [...red.slice(0, n - j), ...dim.slice(0, n - j)];
  return j > k && Math.max(...before) < RED_CELL / 2 ? j : k;
}

function balance(img: RgbImage, gains: Gains): RgbImage {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(255, img.data[i] * gains[i % 3]);
  return { ...img, data };
}

/** Brightest share of the row's pixels taken as white (drum faces, numerals, dial paper). */
const WHITE_SHARE = 0.08;
/**
 * Casts stronger than this are the scene's colour, not the light's: left alone. Tungsten light under
 * a daylight white balance makes a row's whites about twice as red as blue (`--degrade warm` on top
 * of a photo already lit warm: 2.0 to 2.5); at 1.8, 22 such rows lost their red drums.
 */
const MAX_GAIN = 3;

/**
 * Per-channel gains that make the row's brightest pixels grey: under warm light every drum of a
 * row reads red, and no boundary between black and red drums can be found.
 */
export function rowWhiteGains(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number): Gains | null {
  const px: [number, number, number, number][] = [];
  for (const cell of cells) {
    const d = cellPatch(img, cell, axis, pitch, height).data;
    for (let i = 0; i < d.length; i += 3) px.push([d[i] * 0.299 + d[i + 1] * 0.587 + d[i + 2] * 0.114, d[i], d[i + 1], d[i + 2]]);
  }
  px.sort((a, b) => b[0] - a[0]);
  const top = px.slice(0, Math.max(1, Math.round(px.length * WHITE_SHARE)));
  const mean = [1, 2, 3].map((k) => top.reduce((a, p) => a + p[k], 0) / top.length);
  const grey = (mean[0] + mean[1] + mean[2]) / 3;
  if (Math.min(...mean) < 40) return null;
  const gains = mean.map((m) => grey / m) as Gains;
  return Math.max(...gains) / Math.min(...gains) > MAX_GAIN ? null : gains;
}

const RED_CELL = 0.1;
/**
 * Share of red pixels from which a row's red drums and the cell after them are all red drum faces:
 * JPEG blurs a white numeral's edges into its face (a rendered water row's red `9`, saved at quality
 * 60, came to 0.496 of red, and the red drum after the row went unnoticed: `2870.199` for `2870.1998`).
 */
const WORN_RED_FACE = 0.4;
/** Share of red pixels from which a cell is a red drum face rather than red numerals on a light face. */
export const RED_FACE = 0.5;

/** A cell is red like a fractional drum when it is clearly redder than the row's black drums. */
export function isRedAgainst(red: number, blackMax: number): boolean {
  return red >= RED_CELL && red > 2 * blackMax + 0.04;
}

/** A run's first cell with under this share of the least red of the cells after it. */
const WEAK_LEAD = 0.4;

/** Number of trailing red cells when the red ones form one run at the end, else 0. */
export function trailingRedRun(red: number[]): number {
  const isRed = red.map((r) => r >= RED_CELL);
  let k = 0;
  while (k < isRed.length && isRed[isRed.length - 1 - k]) k++;
  if (k === 0 || k === isRed.length || isRed.slice(0, isRed.length - k).some(Boolean)) return 0;
  // On a reddish photo (black drums not free of red), a first cell of the run far less red than the
  // rest is a black drum taking in the cast and its neighbour's red, not a red drum (a warm-lit
  // Itelma's `9` at 0.20 before red drums at 0.74 and more gave `43.916` for `439.160`).
  const reddish = Math.max(0, ...red.slice(0, red.length - k)) >= RED_CELL / 2;
  while (reddish && k > 1 && red[red.length - k] < WEAK_LEAD * Math.min(...red.slice(red.length - k + 1))) k--;
  // A run longer than any row's red drums holds black drums too, however free of red the cells before
  // it: its first cells, far less red than its reddest, are black drums under a warm cast (a dim,
  // warm-lit Itelma held askew: its `4`, `3` and `9` at 0.12 to 0.22 of red in their cores, its red
  // drums at 0.80 to 0.92, the leading `0`s in the shadow under 0.04: `43.916` for `439.160`).
  if (k > MAX_RED_DRUMS) {
    const strongest = Math.max(...red.slice(red.length - k));
    while (k > 1 && red[red.length - k] < WEAK_LEAD * strongest) k--;
  }
  // The black cells must be clearly not red, so a reddish photo does not fake a boundary.
  const blackMax = Math.max(0, ...red.slice(0, red.length - k));
  const redMin = Math.min(...red.slice(red.length - k));
  return redMin > 2 * blackMax + 0.04 ? k : 0;
}

/** Whether a cell is red only at its edges: too little red for a red face, and its core holds none. */
function redAtEdgesOnly(red: number, core: number): boolean {
  return red < RED_FACE && core < RED_CELL / 2;
}

/**
 * Whether a cell that is red only at its edges (its core holds none) takes its red from the red drum
 * face right after it: the black drum before the first red one, its cell placed a little off (a
 * night shot's `00488` before a red `718` was read as `0048.8` where the OCR stopped, and, the row
 * read on, as `48.8718`).
 */
export function tingedByNext(red: number, core: number, redNext: number): boolean {
  return redAtEdgesOnly(red, core) && redNext >= RED_FACE;
}

/**
 * Whether a lone red last cell is red only at its edges (its core holds none) with nothing red past
 * it: a red frame's edge or a red mark in its cell, not a red drum, whose face or numeral reddens its
 * core (a light-drum gas face's first framed drum, its frame's left edge and a red decimal comma in
 * the cell, read as the row's one red drum where the OCR stopped: `3947.9` for `03947.946`).
 */
export function edgeOnly(red: number, core: number, redNext: number): boolean {
  return redAtEdgesOnly(red, core) && redNext < RED_CELL;
}

/**
 * Share of a cell's ink (its darkest quarter) that must be red for it to hold a red numeral: on
 * `id_1029`, 0.97 to 1.0 for the red numerals, 0 to 0.16 for the black ones, 0.41 for the first, which
 * takes in the band's edge; 0.55 and 0.73 for its last red 0 a pitch past two rows read short of it.
 */
export const RED_INK = 0.5;

/**
 * The run of red numerals told by the cells' cores alone (a red band reddens every cell), less the
 * cells at its start whose ink is not red: a black drum's core takes in the red numeral next to it
 * when its cell is placed a little off (a slanted hot-water row's `9` at 0.11 of red, its ink 0.11
 * red against 0.9 for the red numerals after it, gave `40.955` for `409.55`).
 */
function bandRun(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, cores: number[], gains?: Gains): number {
  let k = trailingRedRun(cores);
  if (k === 0) return 0;
  const ink = cellInkRedness(img, cells.slice(cells.length - k), axis, pitch, height, gains);
  let i = 0;
  while (i < k && ink[i] < RED_INK) i++;
  return k - i;
}

/**
 * Cells at the start of a red run (`k` cells) that hold black numerals in a red band: red only round
 * the numeral (no red in the cell's core, its ink not red) where the run's other cells hold red
 * numerals (their cores and their ink red). The band between the windows reddens a black drum's cell
 * as much as a red numeral does, the more so where the OCR places it a little off (a hot-water row's
 * last black `8` at 0.19 of red, its core at 0, before red numerals at 0.18 to 0.32: `81.8125` for
 * `818.125`). A red drum face keeps its core red, and its ink is the face's red.
 */
function bandLead(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, cores: number[], k: number, gains?: Gains): number {
  const n = cells.length;
  // Most runs start with a red core: no ink to sample.
  if (k < 2 || cores[n - k] >= RED_CELL / 2) return 0;
  const ink = cellInkRedness(img, cells.slice(n - k), axis, pitch, height, gains);
  const blackInBand = (i: number) => cores[n - k + i] < RED_CELL / 2 && ink[i] < RED_INK;
  const redNumeral = (i: number) => cores[n - k + i] >= RED_CELL && ink[i] >= RED_INK;
  let j = 0;
  while (j < k - 1 && blackInBand(j)) j++;
  return j > 0 && ink.slice(j).every((_, i) => redNumeral(j + i)) ? j : 0;
}

/**
 * The red run extended leftwards over drums whose centre is red though the cell as a whole is not:
 * a scratch, a reflection or the black digit itself covers most of a red drum's face. The cell's
 * centre strip must be clearly redder than every black drum's, which are all but free of red.
 */
export function redRunWithCores(red: number[], cores: number[]): number {
  let k = trailingRedRun(red);
  if (k === 0) return 0;
  while (k < 4 && k < cores.length - 2) {
    const i = cores.length - 1 - k;
    const blackCores = Math.max(0, ...cores.slice(0, i));
    const blackCells = Math.max(0, ...red.slice(0, i));
    if (cores[i] < RED_CELL || cores[i] <= 2 * blackCores + 0.04 || blackCells >= RED_CELL / 2) break;
    k++;
  }
  return k;
}

/**
 * Centres of the bands above and below a cell that may show its window's frame, in row heights, in
 * the order tried: most red-framed fractional drums' frames stand clear of the drum, and some hug
 * its window (a tenth drum whose frame is no wider than the detector's box round the numerals) or
 * stand further off (a box that hugs the numerals). One distance for the whole row, so that the
 * framed cells compare.
 */
const FRAME_OFFSETS = [0.7, 0.45, 0.95];
const FRAME_BAND = 0.25;

/**
 * Share of saturated-red pixels in the frame round each cell: the lesser of a band just above and
 * one just below the numerals, `offset` row heights off the row's line. Some meters mark their
 * fractional drums with a red window frame rather than red drums (the drums themselves dark or
 * white), so only the frame shows where they start. The bands run along the row's line (the cells'
 * median height across it), not each cell's own: the OCR puts a glyph's cell a few pixels up or down,
 * and on a small photo the frame's thin line then falls out of one cell's band (a 450-px gas face's
 * first framed drum, set 2 px high, read as unframed: `931446.55` for `93144.655`).
 */
export function frameRedness(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, gains?: Gains, offset = FRAME_OFFSETS[0]): number[] {
  return frameBands(img, cells, axis, pitch, height, gains, offset).map((bands) => Math.min(...bands.map((b) => colourStats(b, 0, 0, 16, 6).redFraction)));
}

/**
 * Whether each of the row's last `k` cells is framed through to its right edge: at some frame offset,
 * the frame's bands (see frameRedness) red over the cell, and over its right half at least half as red
 * as over its left. A cell placed past a frame's end takes in the frame's corner on its left only (a
 * light-drum gas face read short of its frame had a fourth face added past it, over its right edge,
 * which the CNN read as a `1`). Red on the right only is a framed drum the cell was placed a little
 * before (a PAFAL's red tenth under a glare).
 */
export function framedToRightEdge(img: RgbImage, c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height' | 'gains'>, k: number): boolean {
  const half = c.pitch / 2;
  const shifted = (s: number) => c.cells.map((cell) => ({ ...cell, x: cell.x + c.axis[0] * s * half * CELL_WIDTH, y: cell.y + c.axis[1] * s * half * CELL_WIDTH }));
  const sides = FRAME_OFFSETS.map((offset) => [-0.5, 0.5].map((s) => frameRedness(img, shifted(s), c.axis, half, c.height, c.gains, offset).slice(-k)));
  return c.cells.slice(-k).every((_, i) =>
    sides.some(([left, right]) => Math.max(left[i], right[i]) >= RED_CELL && right[i] >= FRAME_EVENNESS * left[i]),
  );
}

/** The bands above and below each cell that frameRedness measures (after `gains`). */
function frameBands(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, gains: Gains | undefined, offset: number): RgbImage[][] {
  const [nx, ny] = [-axis[1], axis[0]];
  const across = (c: DigitCell) => c.x * nx + c.y * ny;
  const line = median(cells.map(across));
  const band = (cell: DigitCell, side: number) => {
    const shift = side * offset * height - (across(cell) - line);
    const at = { x: cell.x + nx * shift, y: cell.y + ny * shift };
    const patch = sampleQuad(img, cellQuad(at, axis, pitch * CELL_WIDTH, height * FRAME_BAND), 16, 6);
    return gains ? balance(patch, gains) : patch;
  };
  return cells.map((cell) => [band(cell, -1), band(cell, 1)]);
}

/**
 * The framed run with the cells a shadow across the frame darkens past the colour test (a gas face's
 * frame, lit at 0.17 round its last two drums, at 0.03 above its first, in the shadow's soft edge:
 * `169999.94` for `16999.994`; the band there, its frame's corner in the shadow, is as light on the
 * whole as the lit ones). The run is the row's last cells, each framed above and below about as much
 * as the run the colour test found, in red of any light (see dimRed); the cells before it must show
 * no frame red in any light. `k`: the run the colour test found, `least` its least framed cell's redness.
 */
function shadowedFrame(img: RgbImage, cells: DigitCell[], axis: Point, pitch: number, height: number, k: number, least: number, offset: number, gains?: Gains): number {
  const n = cells.length;
  if (k === 0 || k >= MAX_RED_DRUMS) return k;
  const framed = FRAME_EVENNESS * least;
  const bands = frameBands(img, cells, axis, pitch, height, gains, offset).map((sides) =>
    sides.map((b) => {
      const stats = colourStats(b, 0, 0, 16, 6);
      let dim = 0;
      for (let i = 0; i < b.data.length; i += 3) if (dimRed(b.data[i], b.data[i + 1], b.data[i + 2])) dim++;
      return { red: stats.redFraction, dim: (dim * 3) / b.data.length };
    }),
  );
  const inRun = (i: number) => bands[i].every((b) => b.red >= framed || b.dim >= framed);
  let j = k;
  while (j < MAX_RED_DRUMS && n - j > 2 && inRun(n - 1 - j)) j++;
  return j > k && bands.slice(0, n - j).every((c) => Math.min(...c.map((b) => b.dim)) < framed) ? j : k;
}

/**
 * Trailing cells in a red frame. The frame is about as red round each of them: a last cell much
 * less framed than the others is the frame's own edge (or paint past it) read as a digit.
 */
export function framedRun(frame: number[]): number {
  const k = trailingRedRun(frame);
  const run = frame.slice(frame.length - k);
  return k > 0 && Math.min(...run) >= FRAME_EVENNESS * Math.max(...run) ? k : 0;
}

/**
 * A trailing framed run too uneven for framedRun whose weaker cells come first: a shadow across the
 * frame's start (a gas face's frame at 0.18 round its first framed drum, in the shadow, and at 0.40
 * and 0.50 round the lit ones: no decimals, `04487499` withheld). Its even tail is the run the colour
 * test found, and `whole` the run that shadowedFrame must reach from it, adding the dimmed cells;
 * null where framedRun takes the run or no run ends the row.
 */
function unevenFrame(frame: number[]): { framed: number; least: number; whole: number } | null {
  const whole = trailingRedRun(frame);
  if (whole < 2 || framedRun(frame) > 0) return null;
  const n = frame.length;
  for (let k = whole - 1; k >= 1; k--) {
    const tail = frame.slice(n - k);
    const least = Math.min(...tail);
    if (least >= FRAME_EVENNESS * Math.max(...tail) && frame.slice(n - whole, n - k).every((f) => f < least)) return { framed: k, least, whole };
  }
  return null;
}

const FRAME_EVENNESS = 0.5;
/** Share of a band's frame that a later band round more cells must catch to be the frame's (see readCounter). */
const AS_FULLY = 0.8;

/** How close to one pitch the two digits around a window divider must be. */
const DIVIDER_SPAN = 0.3;
/** Two equal digits closer than this (in pitches) are one digit read twice. */
const DUPLICATE_GAP = 0.3;

/**
 * Drops the window dividers of drums in separate windows that the OCR read as '1's: a '1' lying
 * between two digits that are themselves one pitch apart. The pitch comes from neighbouring digits
 * other than '1's, so a real 1 (a pitch from each neighbour) is never taken for a divider. A digit
 * the recogniser emitted twice at almost the same place is kept once.
 */
export function dropDividers(cells: DigitCell[]): DigitCell[] {
  const gaps = cells.slice(1).flatMap((c, i) => (c.digit !== 1 && cells[i].digit !== 1 ? [c.u - cells[i].u] : []));
  if (!gaps.length) return cells;
  const pitch = median(gaps);
  const once: DigitCell[] = [];
  for (const c of cells) {
    const prev = once[once.length - 1];
    if (prev && prev.digit === c.digit && c.u - prev.u < DUPLICATE_GAP * pitch) {
      if (c.score > prev.score) once[once.length - 1] = c;
    } else once.push(c);
  }
  const out: DigitCell[] = [];
  for (let i = 0; i < once.length; i++) {
    const prev = out[out.length - 1];
    const next = once[i + 1];
    const divider = once[i].digit === 1 && prev && next && Math.abs(next.u - prev.u - pitch) <= DIVIDER_SPAN * pitch;
    if (!divider) out.push(once[i]);
  }
  return out;
}

export function readCounter(img: RgbImage, win: CounterWindow): CounterReading | null {
  const undivided = dropDividers(win.cells);
  const gaps = undivided.slice(1).map((c, i) => c.u - undivided[i].u);
  const pitch = undivided.length < win.cells.length ? median(gaps) : win.pitch > 0 ? win.pitch : win.height * 0.6;
  const { cells, regular: even } = regularise(undivided, pitch);
  if (cells.length < 3) return null;
  const offPitchPast = undivided.length - 1 - undivided.indexOf(cells[cells.length - 1]);
  const regular = even && !win.gapBoxed;
  const p = median(cells.slice(1).map((c, i) => c.u - cells[i].u)) || pitch;
  let red = cellRedness(img, cells, win.axis, p, win.height);
  let gains: Gains | undefined;
  // Every cell red: a colour cast (warm light), unless the row is all red drums. Balanced against
  // the row's whites, the black drums' faces turn grey again and only real red drums stay red.
  // Some cells red but no clean red run at the end: a weaker cast (a night shot brightened back)
  // that left a few black drums reddish; balanced, the row is kept only if a clean run appears.
  if (trailingRedRun(red) === 0 && red.some((r) => r >= RED_CELL)) {
    const g = rowWhiteGains(img, cells, win.axis, p, win.height);
    const balanced = g && cellRedness(img, cells, win.axis, p, win.height, g);
    if (g && balanced && (Math.min(...red) >= RED_CELL || trailingRedRun(balanced) > 0)) {
      gains = g;
      red = balanced;
    }
  }
  const n = cells.length;
  let decimals = 0;
  let decimalSource: DecimalSource = 'none';
  const cores = cellRedness(img, cells, win.axis, p, win.height, gains, CORE_WIDTH);
  const sep = cells.findIndex((c) => c.followedBySeparator);
  const pointed = sep >= 0 && sep < n - 1;
  const last = cells[n - 1];
  const beyond = { ...last, x: last.x + win.axis[0] * p, y: last.y + win.axis[1] * p };
  const further = [2, 3].map((k) => ({ ...last, x: last.x + win.axis[0] * p * k, y: last.y + win.axis[1] * p * k }));
  const [redNext, ...redFurther] = cellRedness(img, [beyond, ...further], win.axis, p, win.height, gains);
  // Red numerals on light drums set in a red band: every cell takes in some band between the
  // windows, and only the cells' cores tell the red numerals from the black ones.
  let k = redRunWithCores(red, cores) || bandRun(img, cells, win.axis, p, win.height, cores, gains);
  while (k > 0 && tingedByNext(red[n - k], cores[n - k], k > 1 ? red[n - k + 1] : redNext)) k--;
  if (k === 1 && edgeOnly(red[n - 1], cores[n - 1], redNext)) k = 0;
  k -= bandLead(img, cells, win.axis, p, win.height, cores, k, gains);
  k = shadowedRun(img, cells, win.axis, p, win.height, red, cores, k, gains);
  // No red drums: a red frame round the last ones marks them instead, unless a printed point says
  // otherwise. A framed drum face (not red itself) past the last cell is one the OCR left out; two
  // pitches past, after a whole drum it left out too. Past a framed run, only a cell framed about as
  // much as the run is: a frame that hugs its drum reaches into the next cell with its edge.
  let framedBeyond = false;
  // Not where cells are red faces themselves other than the row's last ones: an amber display, or a
  // cast the gains did not take out, is red round every digit (a dark drum's cell may take in some of
  // its frame; a red drum's face that the colour test missed under a warm cast shows as framed too).
  const faces = red.map((r) => (r >= RED_FACE ? 1 : 0));
  const framesTell = faces.every((f) => f === 0) || trailingRedRun(faces) > 0;
  const frameAt = (offset: number) => {
    const frame = frameRedness(img, [...cells, beyond, further[0]], win.axis, p, win.height, gains, offset);
    // An uneven run stands only where its less framed first cells are framed in red of any light.
    const uneven = unevenFrame(frame.slice(0, n));
    const dimmed = uneven && shadowedFrame(img, cells, win.axis, p, win.height, uneven.framed, uneven.least, offset, gains) >= uneven.whole;
    const framed = dimmed ? uneven.framed : framedRun(frame.slice(0, n));
    const unframed = Math.max(0, ...frame.slice(0, n - framed));
    const least = framed > 0 ? Math.min(...frame.slice(n - framed, n)) : 0;
    const asFramed = (f: number) => isRedAgainst(f, unframed) && (framed === 0 || f >= FRAME_EVENNESS * least);
    const beyondIt = (redNext < RED_CELL && asFramed(frame[n])) || (framed === 0 && redFurther[0] < RED_CELL && asFramed(frame[n + 1]));
    return { framed, least, beyond: beyondIt, offset };
  };
  const offsets = k === 0 && framesTell ? FRAME_OFFSETS : [];
  for (const [i, offset] of offsets.entries()) {
    let seen = frameAt(offset);
    if (seen.framed === 0 && !seen.beyond) continue;
    // A band that only grazes the frame's line misses a framed cell or two (the run's first one
    // farther from the line's end, or a row a little aslant): a later band that catches the line about
    // as fully, round more cells, is the frame's (`39999.99|8` for `39999.998`; a shadowed gas face's
    // frame at 0.17 round two cells, at 0.16 to 0.17 round three: `928160.39` for `92816.039`).
    for (const other of seen.beyond ? [] : offsets.slice(i + 1).map(frameAt)) {
      if (!other.beyond && other.framed > seen.framed && other.least >= AS_FULLY * seen.least) seen = other;
    }
    framedBeyond = seen.beyond;
    const framed = framedBeyond ? 0 : shadowedFrame(img, cells, win.axis, p, win.height, seen.framed, seen.least, seen.offset, gains);
    if (!framedBeyond && (!pointed || framed === n - 1 - sep)) k = framed;
    break;
  }
  if (k >= 1 && k <= 4 && n - k >= 2) {
    decimals = k;
    decimalSource = 'colour';
  } else if (pointed) {
    decimals = n - 1 - sep;
    decimalSource = 'point';
  }
  // A row that does not end in red drums but has a red cell (or a red frame) right after it, with
  // or without a printed point: the OCR stopped short of the red fractional drums.
  // Two and three pitches on too: black drums as well as the red ones can be left unboxed.
  const blackMax = Math.max(0, ...red);
  const redBeyond = decimalSource !== 'colour' && (framedBeyond || [redNext, ...redFurther].some((r) => isRedAgainst(r, blackMax)));
  // Red numerals on light drums fill less of their cells, and a red band or frame round them is no drum.
  const redFaces = decimalSource === 'colour' && Math.min(redNext, ...red.slice(n - decimals)) >= WORN_RED_FACE;
  const blackRed = Math.max(0, ...red.slice(0, n - decimals));
  const redCellAfter = decimalSource === 'colour' && isRedAgainst(redNext, blackRed);
  const redAfterTail = redFaces && redCellAfter;
  const digits = cells.map((c) => String(c.digit)).join('');
  const value = Number(digits) / 10 ** decimals;
  return {
    digits,
    decimals,
    decimalSource,
    value,
    minScore: Math.min(...cells.map((c) => c.score)),
    regular,
    cells,
    redFractions: red,
    redCores: cores,
    gains,
    redBeyond,
    redAfterTail,
    redCellAfter,
    pitch: p,
    height: win.height,
    axis: win.axis,
    ...(offPitchPast > 0 ? { offPitchPast } : {}),
  };
}
