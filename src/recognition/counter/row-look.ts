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
  /** The darkest the strips between the cells get when moved along the row (see BAR_SHIFTS). */
  bars: number;
  /** Most cells' digits are lighter than their faces (white numerals on dark drums). */
  lightInk: boolean;
  /** Median tone of the cells' numerals (each cell's 97% quantile for light ink, its 3% for dark). */
  ink: number;
}

/**
 * The OCR's cell centres can sit a tenth of a pitch off the drums all along a row (a rendered face
 * with its set-apart tenths drum boxed into the row: every strip half way fell on a drum face, and
 * `00471` + tenth `3` read as `4713`). So the strips are also tried moved, all together, by these
 * fractions of the pitch.
 */
const BAR_SHIFTS = [-0.1, -0.05, 0.05, 0.1];
/**
 * A moved strip counts by a bright quantile of its samples: only a strip dark over its whole height
 * (a bar between windows) is dark by it, not one that caught an LCD digit's segment (moved strips
 * taken by their median cost 2 LCD readings on meters-dev, seen as separate windows).
 */
const BAR_QUANTILE = 0.8;
/**
 * Moved strips must be clearly darker than the faces: on meters-dev the LCD and one-background
 * rows' moved strips stay at 0.98 of the faces or above, but a JPEG re-save took one LCD row
 * under 0.95 (the bars of the rendered face: 0.11).
 */
const BAR_RATIO = 0.8;

function lumaOf(img: RgbImage): Float64Array {
  const v = new Float64Array(img.data.length / 3);
  for (let i = 0, k = 0; k < v.length; i += 3, k++) v[k] = 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
  return v;
}

function lumaQuantile(img: RgbImage, q: number): number {
  return quantile(lumaOf(img), q);
}

/**
 * A cell's face (its median: strokes cover well under half of it) and whether its ink is lighter
 * than that face: the bright tail reaches farther from it than the dark one.
 */
function cellTone(img: RgbImage): { face: number; lightInk: boolean; light: number; dark: number } {
  const s = lumaOf(img).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))];
  const face = at(0.5);
  return { face, lightInk: at(0.97) - face > face - at(0.03), light: at(0.97), dark: at(0.03) };
}

/** A cell's patch: pitches wide, row heights high, samples a side. */
interface CellPatch {
  along: number;
  across: number;
  samples: number;
}

/** The look's cell patch: the digit and some of its ground. */
const LOOK_CELL: CellPatch = { along: 0.6, across: 0.7, samples: 12 };

/** The tone of the cell centred `at`, sampled over `patch`. */
function cellToneAt(img: RgbImage, c: RowGeometry, at: { x: number; y: number }, patch: CellPatch = LOOK_CELL) {
  return cellTone(sampleQuad(img, cellQuad(at, c.axis, c.pitch * patch.along, c.height * patch.across), patch.samples, patch.samples));
}

/** Whether most cells' ink is lighter than their faces. */
function mostlyLightInk(tones: { lightInk: boolean }[]): boolean {
  return 2 * tones.filter((t) => t.lightInk).length > tones.length;
}

export function quantile(v: ArrayLike<number>, q: number): number {
  // A typed array sorts numerically without a comparator call per step (the same order).
  const s = Float64Array.from(v).sort();
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}

function median(v: number[]): number {
  return quantile(v, 0.5);
}

/** The `q` quantile of the brightness of the narrow strip across the row centred `at` (where a bar between windows would be). */
function stripTone(img: RgbImage, c: RowGeometry, at: { x: number; y: number }, q: number): number {
  return lumaQuantile(sampleQuad(img, cellQuad(at, c.axis, c.pitch * 0.12, c.height * 0.7), 3, 12), q);
}

export function rowLook(img: RgbImage, c: RowGeometry): RowLook {
  const tones = c.cells.map((cell) => cellToneAt(img, c, cell));
  const face = median(tones.map((t) => t.face));
  const lightInk = mostlyLightInk(tones);
  const ink = median(tones.map((t) => (lightInk ? t.light : t.dark)));
  const strips = (shift: number, q: number) => {
    const gaps = c.cells.slice(1).map((next, i) => {
      const cell = c.cells[i];
      const mid = { x: (cell.x + next.x) / 2 + c.axis[0] * shift * c.pitch, y: (cell.y + next.y) / 2 + c.axis[1] * shift * c.pitch };
      return stripTone(img, c, mid, q);
    });
    return gaps.length ? median(gaps) : face;
  };
  const gap = strips(0, 0.5);
  return { face, gap, bars: Math.min(...BAR_SHIFTS.map((s) => strips(s, BAR_QUANTILE))), lightInk, ink };
}

/**
 * The patch, in pitches and row heights, that judges which way a row is printed where a drum past
 * it may turn: nearly its whole window. Bold numerals in a shadow fill most of the look's smaller
 * patch, and such rows measured as light ink (rendered windowed registers, `98567`, `20447` and
 * `89801`, their last window in the light past the shadow's edge taken for a tenth set apart: `9856`,
 * `2044`, `8980`); taken whole, their cells show the light ground round dark numerals. White numerals
 * on dark drums measure as light ink either way on meters-dev and its variants.
 */
const WHOLE_CELL: CellPatch = { along: 0.85, across: 0.9, samples: 16 };

/**
 * Whether the drum `past` pitches beyond the row's last cell is printed the other way round from the
 * row's drums (`look`: the row's, see rowLook): its ground nearer the tone of the row's numerals than that of the row's ground (a
 * tenths drum set apart outside the register's plate: a Fuji register's bare metal drum past its
 * black drums), not one of the row's own drums the OCR boxed apart from it (a windowed register's
 * last window in the light past a shadow, `72684` read as `7268` and a tenth; a blurred LCD's last
 * `1`, `38061` read `3806`). Only the ground counts: a drum cut by its window's or the plate's edge
 * shows ink of both tones.
 */
export function inkTurnsPast(img: RgbImage, c: RowGeometry, look: Pick<RowLook, 'face' | 'ink'>, past: number): boolean {
  const last = c.cells[c.cells.length - 1];
  const further = cellToneAt(img, c, { x: last.x + c.axis[0] * past * c.pitch, y: last.y + c.axis[1] * past * c.pitch }).face;
  const whole = c.cells.map((cell) => cellToneAt(img, c, cell, WHOLE_CELL));
  const ink = mostlyLightInk(whole) ? look.ink : Math.min(look.ink, median(whole.map((t) => t.dark)));
  return Math.abs(further - ink) < Math.abs(further - look.face);
}

/**
 * The strips between the cells are darker than the cells: separate windows. LCD digits stand on
 * one background (ratio ~1.0 on meters-dev, drum windows 0.3-0.92).
 */
export function inSeparateWindows(look: RowLook): boolean {
  return look.gap < 0.95 * look.face || look.bars < BAR_RATIO * look.face;
}

/**
 * The strips between the cells are clearly lighter than the cells: dark drums on a lighter carrier
 * (many electricity meters). Such a row read without a decimal cue most likely lost its red
 * fractional drum's colour (a dark photo), so its last digit may be a tenth.
 */
export function onLighterCarrier(look: RowLook): boolean {
  return look.gap > 1.25 * look.face;
}

/**
 * How near the cell a pitch before the row must come to the row's look to be one of its drums, in
 * parts of the row's contrast (its numerals' tone off its ground): its ground, the ink in its middle
 * (see CELL_CORE) and the bar before the row's first cell (a glared register's first `1`, left out by
 * the OCR: within 0.01 of the row on all three; rendered rows' first drums, within 0.08). The cells
 * before the meters-dev rows whose head strips read an unsure `1`, in every variant run, missed on one
 * at least: the nearest, an Italian gas row's plate edge before its first black drum, came within 0.1
 * on its ground but 0.35 off on its ink.
 */
const LOOK_BEFORE = 0.2;

/**
 * The middle of a cell, where its numeral's ink must be: the plate's edge or a bracket beside a window
 * lies off it (a rendered register's dark plate edge before its first window came within 0.32 of its
 * numerals' ink in the look's patch of that cell, 0.92 off in its middle).
 */
const CELL_CORE: CellPatch = { along: 0.3, across: 0.7, samples: 12 };

/** Whether the cell a pitch before the row's first looks like one of the row's drums (see LOOK_BEFORE), in the row's light or a shadow (see MIN_SHADE). */
export function drumLooksBefore(img: RgbImage, c: RowGeometry, look: RowLook): boolean {
  const [first] = c.cells;
  const back = (pitches: number) => ({ x: first.x - c.axis[0] * pitches * c.pitch, y: first.y - c.axis[1] * pitches * c.pitch });
  const tone = cellToneAt(img, c, back(1));
  const core = cellToneAt(img, c, back(1), CELL_CORE);
  const bar = stripTone(img, c, back(0.5), 0.5);
  const contrast = Math.abs(look.ink - look.face);
  const near = (a: number, b: number) => Math.abs(a - b) <= LOOK_BEFORE * contrast;
  const ink = look.lightInk ? core.light : core.dark;
  // The row's look under `light` times the row's light: its ink in the cell's middle, the bar before the row.
  const looksUnder = (light: number) => near(ink / light, look.ink) && near(bar / light, look.gap);
  if (contrast <= 0 || tone.lightInk !== look.lightInk) return false;
  if (near(tone.face, look.face) && looksUnder(1)) return true;
  // The same look in a shadow (see MIN_SHADE).
  const shade = tone.face / look.face;
  return shade >= MIN_SHADE && shade < 1 && looksUnder(shade);
}

/**
 * The least light, as a share of the row's, under which the cell before the row may lie in a shadow:
 * its ground, its ink and the bar before the row all darker by the same factor, the row's look in
 * less light (a shadow's edge across a row's first drum, at 0.36 of the row's light: its ground 85
 * against 236, its `1`'s ink 6 against 19 and the bar 26 against 75, each 0.32-0.36 of the row's;
 * `8245.583` for `18245.583`). A plate or frame there is no darker copy of the row: its ink is off.
 * Over meters-dev's 24 runs it took a cell in at 0.7-0.8 of the light in 3 looks, all at one gas row
 * of light numerals on dark drums (`02478.48`, under `cool` and `glare`), withheld either way.
 */
const MIN_SHADE = 0.3;
