// Signs, in the pixels, that an LCD-like row (no red drums, no marks) is not what the OCR read.
// Seven-segment digits trip the recogniser in ways its scores do not show: the point between two
// digits goes unread (65492 for 654.92), a thin last `1` or the digits after the point fall outside
// the detector's box (24538 for 245381), a blank leading digit whose unlit segments show faintly
// reads as an `8`, and so does a `1` or a `7` whose unlit segments show. Each sign withholds the
// reading, but for two the verdict can repair: a lone point-sized dot (where the point goes) and
// blank leading digits read as 8s (left out).
import { luma, sampleQuad, type RgbImage } from '../preprocess.js';
import type { Point } from '../ocr/types.js';
import { cellQuad } from './reader.js';
import { quantile } from './row-look.js';
import { closed } from './unlit-segments.js';

interface Row {
  cells: { digit: number; x: number; y: number; followedBySeparator: boolean }[];
  axis: Point;
  pitch: number;
  height: number;
}

export interface PlainRowSigns {
  /** A dot between two digits, at their feet, where the OCR read no point (other than `pointAfter`'s). */
  unreadPoint: boolean;
  /**
   * The cell a decimal point follows that the OCR left out: the row's only dot between two digits,
   * shaped and sized like the digits' strokes; null when there is none, or more than one dot.
   */
  pointAfter: number | null;
  /** A digit's worth of ink a pitch past either end of the row. */
  inkPastEnd: boolean;
  /** A cell whose strokes are far fainter than the others': unlit segments read as a digit (ghost 8s at the start aside). */
  faintCell: boolean;
  /**
   * Faint cells read as `8` that start the row: blank leading digits whose unlit segments show (all
   * seven, so the OCR reads an 8). The reading leaves them out.
   */
  ghostLead: number;
  /**
   * On a row with such ghosts (a display whose unlit segments show): a lit digit whose horizontal
   * bars are not where the OCR's digit has them (a 7 read as a 3, its unlit middle and bottom bars
   * taken for lit ones; a 1 read as a 7).
   */
  barsAmiss: boolean;
  /** A cell read as 8 with clearly less ink than another cell. */
  sparseEight: boolean;
}

/** Samples per pitch and per row height of the grey grids the signs are read from. */
const GRID = 24;
/** A cell's patch, in pitches and row heights: the digit without its neighbours. */
const CELL = 0.9;

/** Grey levels of the patch `w` pitches by `h` row heights round `centre`, on the row's axis. */
function greyPatch(img: RgbImage, row: Pick<Row, 'axis' | 'pitch' | 'height'>, centre: { x: number; y: number }, w: number, h: number): Float32Array {
  return luma(sampleQuad(img, cellQuad(centre, row.axis, w * row.pitch, h * row.height), Math.max(2, Math.round(w * GRID)), Math.max(2, Math.round(h * GRID))));
}

interface Grid {
  w: number;
  h: number;
  /** 1 where a sample is ink (as dark, or as light, as the digits' strokes), else 0. */
  ink: Uint8Array;
}

/**
 * The row's ink polarity and contrast from its cells: strokes cover well under half a cell, so the
 * median is the background, and the ink lies in the farther tail (dark on light, or light on dark).
 * On a light display lit unevenly (a shadow across it), each cell's contrast is a share of its own
 * background's level: a shadow dims a lit digit's strokes with their ground, and the digits in it
 * are no fainter than those in the light (a heat meter's `190` in a shadow's edge, its `449` in the
 * light, was withheld for a faint cell). `relative` says so; `lit` is then a share too, and
 * `absolute` and `litContrast` stay the cells' and the lit digits' contrasts in grey levels.
 */
function levels(cells: Float32Array[]): { sign: number; contrasts: number[]; lit: number; absolute: number[]; litContrast: number; relative: boolean } {
  const all = new Float32Array(cells.reduce((n, c) => n + c.length, 0));
  let k = 0;
  for (const c of cells) all.set(c, (k += c.length) - c.length);
  // Each cell's darkest, middle and lightest grey (3rd, 50th and 97th percentiles).
  const spread = (v: Float32Array) => {
    const sorted = Float64Array.from(v).sort();
    return [0.03, 0.5, 0.97].map((q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);
  };
  const tones = cells.map(spread);
  const grounds = tones.map(([, mid]) => Math.max(1, mid));
  const uneven = Math.max(...grounds) > UNEVEN_LIGHT * Math.min(...grounds);
  // Lit unevenly, the row's lit and shaded grounds together would pass for light ink on a dark
  // ground: the ink's side is then each cell's, summed over the row.
  const [low, mid, high] = spread(all);
  const [dark, light] = uneven ? tones.reduce(([d, l], [lo, md, hi]) => [d + md - lo, l + hi - md], [0, 0]) : [mid - low, high - mid];
  const sign = dark >= light ? 1 : -1;
  const absolute = tones.map(([lo, md, hi]) => (sign > 0 ? md - lo : hi - md));
  // The lit digits' contrast: the second strongest cell's (blank cells' ghosts may be most of the row).
  const second = (v: number[]) => [...v].sort((a, b) => b - a)[Math.min(1, v.length - 1)];
  const litContrast = second(absolute);
  const relative = sign > 0 && uneven;
  const contrasts = relative ? absolute.map((v, i) => v / grounds[i]) : absolute;
  return { sign, contrasts, lit: second(contrasts), absolute, litContrast, relative };
}

export function plainRowSigns(img: RgbImage, row: Row): PlainRowSigns {
  const { cells, axis, pitch, height } = row;
  const n = cells.length;
  const along = (c: { x: number; y: number }, a: number) => ({ x: c.x + axis[0] * a, y: c.y + axis[1] * a });
  const patch = (centre: { x: number; y: number }, w: number, h: number) => greyPatch(img, row, centre, w, h);
  const cellGreys = cells.map((c) => patch(c, CELL, CELL));
  const { sign, contrasts, lit, absolute, litContrast, relative } = levels(cellGreys);
  // Signed: ink darker (> 0) or lighter (< 0) than the background by this much.
  const span = sign * litContrast;
  const none = { unreadPoint: false, pointAfter: null, inkPastEnd: false, faintCell: false, ghostLead: 0, barsAmiss: false, sparseEight: false };
  if (Math.abs(span) < MIN_CONTRAST) return none;
  // Ink against the patch's own background: the light across a display is seldom even. `scale`: the
  // lit strokes' contrast there (null: the row's, or, on a row lit unevenly, its share of the patch's ground).
  const inkOf = (g: Float32Array, scale: number | null, ink = INK): Uint8Array => {
    const local = quantile(g, 0.5);
    const s = scale ?? (relative ? sign * lit * Math.max(1, local) : span);
    const out = new Uint8Array(g.length);
    for (let i = 0; i < g.length; i++) out[i] = (local - g[i]) / s >= ink ? 1 : 0;
    return out;
  };
  const ground = medianGrey(cellGreys);
  // `ownGroundInGlare`: where a glare blows the patch out, ink against each sample's own ground (see inkOnOwnGround).
  const grid = (centre: { x: number; y: number }, w: number, h: number, ownGroundInGlare = false, ink = INK): Grid => {
    const greys = patch(centre, w, h);
    const [gw, gh] = [Math.max(2, Math.round(w * GRID)), Math.max(2, Math.round(h * GRID))];
    const own = ownGroundInGlare && glared(greys, ground);
    return { w: gw, h: gh, ink: own ? inkOnOwnGround(greys, gw, gh, sign, litContrast) : inkOf(greys, null, ink) };
  };

  let ghostLead = 0;
  while (ghostLead < n - 1 && contrasts[ghostLead] < GHOST * lit && cells[ghostLead].digit === 8) ghostLead++;
  const faintCell = contrasts.some((c, i) => i >= ghostLead && c < FAINT * lit);
  // An 8 lights every segment: one with clearly less ink than another digit of the row is a 1 or a
  // 7 whose unlit segments show. Each cell's ink is measured against its own contrast (glare).
  const inkShare = cellGreys.map((g, i) => inkOf(g, sign * Math.max(1, absolute[i])).reduce((k, v) => k + v, 0) / g.length);
  const most = Math.max(...inkShare);
  const sparseEight = row.cells.some((c, i) => i >= ghostLead && c.digit === 8 && inkShare[i] < SPARSE_EIGHT * most);

  // The digits' feet: the lowest ink of any cell (a 4 or a 1 ends higher, without a bottom segment);
  // between two cells, those of the neighbours with a bottom bar, where the row's axis puts the strip
  // (a blurred face's box drifted 8 px down along `3194.0`: its point sat a sample above the 3's feet).
  const cellGrids = cells.map((c) => grid(c, 0.9, 1.2));
  const feet = cellGrids.map(baseline);
  const rowBase = Math.max(...feet);
  // A row of 1s, 4s and 7s has no bottom bar: its feet are the upright segments' tapered tips, which
  // end above the bottom bar's edge, where a point ends (` 414.77` read `41477`, its point two samples below them).
  const tipsOnly = !cells.some((c) => BARS.bottom.includes(String(c.digit)));
  const baseAt = (i: number) => {
    const barred = [i, i + 1].filter((j) => BARS.bottom.includes(String(cells[j].digit)) && Number.isFinite(feet[j]));
    return barred.length ? Math.max(...barred.map((j) => feet[j])) : rowBase;
  };
  const stroke = strokeWidth(cellGrids);
  const dotsBetween = (ink: number) => {
    const dotted: number[] = [];
    const clear: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      if (cells[i].followedBySeparator) continue;
      const between = { x: (cells[i].x + cells[i + 1].x) / 2, y: (cells[i].y + cells[i + 1].y) / 2 };
      const mid = cells[i].digit === 1 ? along(between, -AFTER_ONE * pitch) : between;
      const dots = dotsAt(grid(mid, POINT_ALONG, 1.2, false, ink), baseAt(i), pitch / height, stroke, tipsOnly ? TIPS_SLACK : 0);
      if (dots.length) dotted.push(i);
      if (dots.some((d) => pointSized(d, stroke))) clear.push(i);
    }
    return { dotted, clear };
  };
  const { dotted, clear } = dotsBetween(INK);
  // One clear point and no other dot: the point the OCR left out, at a known place.
  const pointAfter = dotted.length === 1 && clear.length === 1 ? clear[0] : null;
  // No dot at all: a point the grid's samples fall on the edges of (partly covered, or blurred) may
  // pass for ink in one row of samples only, a speck too small for a point (a rendered `51.41`, its
  // point against its `1`'s foot, read `5141`). From a fainter ink, a dot shaped as the display's
  // point is a doubt, not a point to place: a dirty LCD's specks grow there too, and one took that
  // shape after the `1` of a `1955` turned back from 270 degrees (specks of other shapes, as on
  // `006534`, count for nothing there).
  const faintPoint = dotted.length === 0 && dotsBetween(FAINT_POINT_INK).clear.length > 0;
  const unreadPoint = (dotted.length > 0 && pointAfter === null) || faintPoint;

  const cellPitch = litPitch(row);
  const ends = [along(cells[n - 1], PAST_END_AT * cellPitch), along(cells[0], -PAST_END_AT * cellPitch)];
  const inkPastEnd = ends.some((centre) => glyphHeight(grid(centre, (PAST_END_WIDTH * cellPitch) / pitch, 1.8, true)) >= PAST_END_HEIGHT);
  // Only on a display shown to be one: on the set's dirty 320-px LCDs, read right, the glyphs' boxes
  // are too rough for the test (three of six were called amiss when every plain row was tested).
  const barsAmiss = ghostLead > 0 && barsDisagree(cellGrids.slice(ghostLead), cells.slice(ghostLead).map((c) => c.digit));
  return { unreadPoint, pointAfter, inkPastEnd, faintCell, ghostLead, barsAmiss, sparseEight };
}

/**
 * The spacing of the display's cells, from its digits other than 1s: a seven-segment `1` is its cell's
 * right-hand segments, a quarter to a third of a pitch off the cell's centre, so the gaps on either
 * side of one are that much short and long, and the row's median gap may be one of them (a glared
 * `19.131`, read `19.13`: its gaps 45, 75 and 45 px, its cells 60 apart, and the strip past its end,
 * placed by the 45, stopped short of the last `1`). The median step between successive other digits;
 * the row's pitch where there are fewer than two, where those steps disagree (the OCR placed the cells
 * roughly: a dirty display's `1955`, its last `5` 92 px on for 69), or where no 1's offset accounts
 * for the difference.
 */
export function litPitch(row: Pick<Row, 'cells' | 'axis' | 'pitch'>): number {
  const u = (c: { x: number; y: number }) => c.x * row.axis[0] + c.y * row.axis[1];
  const others = row.cells.flatMap((c, i) => (c.digit === 1 ? [] : [{ u: u(c), i }]));
  const steps = others.slice(1).map((o, k) => (o.u - others[k].u) / (o.i - others[k].i));
  if (!steps.length) return row.pitch;
  const step = quantile(steps, 0.5);
  const steady = Math.max(...steps) <= STEADY_STEPS * Math.min(...steps);
  return steady && Math.abs(step - row.pitch) <= ONE_SHIFT * step ? step : row.pitch;
}

/** Ratio of the largest step between digits other than 1s to the smallest up to which they agree (see litPitch). */
const STEADY_STEPS = 1.15;
/** Share of a pitch by which a 1 off its cell's centre shifts the gaps round it, at most (see litPitch). */
const ONE_SHIFT = 0.4;

/**
 * Whether the glyph at `centre` (a digit the OCR read past the row's ends) is as faint as unlit
 * segments against the row's lit digits: a blank digit's ghost `8`, which the OCR reads at full
 * confidence in a strip of its own. Not where a highlight on the glass blows its cell out to white
 * and the row's ground is not so light: a lit digit in the glare is as faint (a heat meter's
 * `1942981` read `194298`, its `1` in the glare).
 */
export function faintGlyphAt(img: RgbImage, row: Row, centre: { x: number; y: number }): boolean {
  const patch = (c: { x: number; y: number }) => greyPatch(img, row, c, CELL, CELL);
  const cells = row.cells.map(patch);
  const glyph = patch(centre);
  const { contrasts, lit, litContrast } = levels([...cells, glyph]);
  if (litContrast < MIN_CONTRAST || contrasts[contrasts.length - 1] >= FAINT * lit) return false;
  return !glared(glyph, medianGrey(cells));
}

/** The median grey of the row's cell patches: its ground (strokes cover well under half a cell). */
function medianGrey(cells: Float32Array[]): number {
  return quantile(Float32Array.from(cells.flatMap((g) => [...g])), 0.5);
}

/** Whether a highlight blows `greys` out to white (see CLIPPED) on a row whose ground (median grey) is not so light. */
function glared(greys: Float32Array, ground: number): boolean {
  const blownOut = greys.reduce((k, v) => k + (v >= CLIPPED ? 1 : 0), 0) / greys.length;
  return ground <= GLARE_GROUND && blownOut >= GLARE_SHARE;
}

/** Side of the square the ground under a glared patch is taken over, in grid samples (see inkOnOwnGround). */
const OWN_GROUND_SIDE = Math.round(0.45 * GRID);

/**
 * Ink in a `w` x `h` grid of greys against each sample's own ground (the grid closed, see `closed`),
 * `sign` and `contrast` the row's: a highlight lightens the glass round a digit unevenly, and against
 * the patch's median grey a lit `1` in it is no ink (a gas display's `52438.351`, its last `1` boxed
 * apart in the glare, read `52438.35`).
 */
function inkOnOwnGround(greys: Float32Array, w: number, h: number, sign: number, contrast: number): Uint8Array {
  const dark = sign > 0 ? greys : greys.map((v) => 255 - v);
  const ground = closed(dark, w, h, OWN_GROUND_SIDE);
  return Uint8Array.from(dark, (v, i) => ((ground[i] - v) / contrast >= INK ? 1 : 0));
}

/** Ratio of the brightest cell's background to the darkest's from which a light display is lit unevenly (see levels). */
const UNEVEN_LIGHT = 1.5;
/** Grey-level spread below which a row has no ink to speak of (a blank, a glare patch). */
const MIN_CONTRAST = 30;
/** Share of the way from the background to the strokes' level that counts as ink. */
const INK = 0.5;
/**
 * The same, for a point looked for again on a row with no dot at all (see plainRowSigns): a sample
 * a little over a third covered by a point passes; unlit segments' ghosts (at most GHOST of the lit
 * strokes' contrast, see below) do not.
 */
const FAINT_POINT_INK = 0.35;
/** A cell whose strokes reach less than this share of the lit digits' contrast is faint. */
const FAINT = 0.25;
/**
 * Unlit segments show at most this share of the lit ones' contrast (more often a tenth): a fainter
 * 8 is a blank digit. Between this and FAINT, a cell may be a lit digit under glare: a doubt.
 */
const GHOST = 0.2;
/** An 8 with less than this share of the inkiest cell's ink is not one. */
const SPARSE_EIGHT = 0.55;
/** Share of the row height (the detector box, a little more than the digits) that a missed digit's ink spans. */
const PAST_END_HEIGHT = 0.6;
/**
 * Where the ink past either end is looked for: a strip this wide (in pitches), centred this far from
 * the end cell. A lit `1` is its cell's right-hand segments, a third of a pitch off the cell's centre:
 * a strip one pitch wide centred on the next cell cut it (`898.8` for `898.81`, its point placed).
 */
const PAST_END_AT = 1.1;
const PAST_END_WIDTH = 1.2;
/**
 * A sample this light is blown out (see faintGlyphAt); a cell with this share of them is in a glare,
 * on a row whose ground is no lighter than GLARE_GROUND (a display lit white all over is no glare).
 */
const CLIPPED = 245;
const GLARE_SHARE = 0.2;
const GLARE_GROUND = 225;

/** Width, in pitches, of the strip searched for a point between two cells. */
const POINT_ALONG = 1;
/**
 * How far (in pitches) that strip moves back after a `1`: its glyph is its cell's right-hand segments,
 * where the OCR puts the cell, so the point sits right by its stroke, and an italic display's slant
 * takes it further left at the digits' feet (a small shot's `5961.76` read `596176`, its point on the
 * strip's edge). An eighth of a pitch keeps the samples on their lattice. Widening every strip instead
 * moved the samples (a small face's point, sampled as a plus, no longer passed for one) or each
 * patch's ink threshold (a dirty 320-px LCD's `4` left a foot that passed for a dot).
 */
const AFTER_ONE = 0.125;

/**
 * A point in the strip between two cells: a small, compact blob of ink at the digits' feet (`base`,
 * in the strip's samples), clear of the strip's edges (the neighbouring digits' strokes run into
 * those) and with nothing right above it. Compact in its samples or in the photo's pixels: a sample
 * is `aspect` times as wide as it is high (a pitch and a row height take as many), so a small shot's
 * point may be one sample high and several wide (a 380-px face's `1991.8` read `19918`, its point
 * unseen); never fewer than four samples (a speck of two on a dirty LCD's `006534` withheld it; so did
 * a run of three one sample high held askew, where a 450-px face's point came to just that, `49510`
 * for `4951.0`). `below`: how much further than BASELINE_SLACK below `base` a dot may end (see TIPS_SLACK).
 */
function dotsAt(g: Grid, base: number, aspect: number, stroke: { across: number; down: number }, below: number): Blob[] {
  const blobs = components(g);
  return blobs.filter((b) => {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    const squat = (w: number, h: number) => Math.max(w, h) <= 2.5 * Math.min(w, h);
    const square = (bh >= 2 && squat(bw, bh)) || squat(bw * aspect, bh);
    const compact = bw <= 0.25 * GRID && bh <= 0.25 * GRID && bw >= 2 && bw * bh >= 4 && b.size >= 0.5 * bw * bh && square;
    const inside = b.x0 > 0 && b.x1 < g.w - 1 && b.y1 < g.h - 1;
    const low = b.y0 >= g.h * 0.6;
    const mid = (b.x0 + b.x1) / 2;
    // Above it in the digits' lower half (higher up, slanted digits lean over the gap).
    const boxedAbove = blobs.some((o) => o !== b && o.x1 >= mid && o.x0 <= mid && o.y1 < b.y0 && o.y1 >= g.h / 2);
    // A dot shaped as the display's point needs only no ink right above it there: an italic `8` held
    // askew, its middle bar just below half height, boxes the point beside its feet (`008428.87` read
    // `842887`). A speck needs the boxes clear (a dirty LCD's one-sample-high speck under a `9`'s
    // lean, `1955`, would withhold its reading).
    const clearAbove = !boxedAbove || (pointSized(b, stroke) && inkAbove(g, mid, Math.ceil(g.h / 2), b.y0) === 0);
    // At the digits' feet (a broken stroke's piece sits higher).
    const onBaseline = base - b.y1 <= BASELINE_SLACK && b.y1 - base <= BASELINE_SLACK + below;
    return compact && inside && low && clearAbove && onBaseline;
  });
}

/** Ink samples in the column(s) at `x` (two where it falls between samples), rows `from` to before `to`. */
function inkAbove(g: Grid, x: number, from: number, to: number): number {
  let n = 0;
  for (let col = Math.floor(x); col <= Math.ceil(x); col++) for (let y = from; y < to; y++) n += g.ink[y * g.w + col];
  return n;
}

/**
 * The digits' stroke width across (runs of ink along the grid's rows) and along (down its columns),
 * in grid samples: the median run, since most of a seven-segment digit's runs cross one segment.
 */
function strokeWidth(grids: Grid[]): { across: number; down: number } {
  const across: number[] = [];
  const down: number[] = [];
  for (const g of grids) {
    for (let y = 0; y < g.h; y++) runs(g, y * g.w, 1, g.w, across);
    for (let x = 0; x < g.w; x++) runs(g, x, g.w, g.h, down);
  }
  return { across: quantile(across, 0.5), down: quantile(down, 0.5) };
}

/** Lengths of the runs of ink along `n` samples from `start`, `step` apart. */
function runs(g: Grid, start: number, step: number, n: number, out: number[]): void {
  let run = 0;
  for (let k = 0; k <= n; k++) {
    if (k < n && g.ink[start + k * step]) run++;
    else if (run) (out.push(run), (run = 0));
  }
}

/** A dot the size of the digits' strokes (a display's point), not a speck nor a blot. */
function pointSized(d: Blob, stroke: { across: number; down: number }): boolean {
  const bw = d.x1 - d.x0 + 1;
  const bh = d.y1 - d.y0 + 1;
  const near = (v: number, s: number) => v >= POINT_STROKE[0] * s && v <= POINT_STROKE[1] * s;
  return near(bw, stroke.across) && near(bh, stroke.down) && d.size >= 0.6 * bw * bh;
}

/** A point's sides, as multiples of the strokes' widths. */
const POINT_STROKE = [0.6, 2];

/** How far (grid samples) a point's lowest ink may sit from the digits' lowest. */
const BASELINE_SLACK = 1.5;
/** How much further below feet that are tapered tips alone a point may end (grid samples). */
const TIPS_SLACK = 1;

/**
 * The lowest row of a digit's ink in a grid round its cell (lines running across it, such as a frame,
 * left out). A line is flat, or runs from side to side with a row of ink across the grid (a frame's
 * edge run into a glyph); a wide glyph is neither (a slanted serif display's `8` spans nine tenths of
 * its cell: taken for a line, its feet were its middle bar's, and the point beside it, lit at the real
 * feet, went unseen: ` 1614.8` read `16148`; a monospaced `6`'s lower loop, from side to side of its
 * grid, gave `180162` for `1801.62`).
 */
function baseline(g: Grid): number {
  const across = (b: Blob) => b.x1 - b.x0 + 1 >= 0.9 * g.w && (b.y1 - b.y0 + 1 <= FLAT * g.h || (b.x0 === 0 && b.x1 === g.w - 1 && rowAcross(g, b)));
  const kept = components(g).filter((b) => b.size >= 2 && !across(b) && b.y0 > 0 && b.y1 < g.h - 1);
  return kept.length ? Math.max(...kept.map((b) => b.y1)) : -Infinity;
}

/** Whether a row of the blob's holds ink across nine tenths of the grid. */
function rowAcross(g: Grid, b: Blob): boolean {
  const half = (g.w - 1) / 2;
  for (let y = b.y0; y <= b.y1; y++) if (bandInk(g, half, half, y, 0) >= 0.9) return true;
  return false;
}

/** How high a line across a cell's grid may be, as a share of the grid's height (a digit is far taller). */
const FLAT = 0.25;

/** Seven-segment digits with a lit top (a), middle (g) and bottom (d) bar, by digit. */
const BARS: Record<'top' | 'middle' | 'bottom', string> = { top: '02356789', middle: '2345689', bottom: '0235689' };
/** Where each bar lies down the glyph's box (shares of its height), and the half height of the band looked at. */
const BAR_AT = { top: 0.06, middle: 0.5, bottom: 0.94 };
const BAR_BAND = 0.08;
/** Half width of the band, in glyph widths, round the box's centre (clear of the upright segments). */
const BAR_HALF_WIDTH = 0.15;
/** Share of a band's samples that must be ink for its bar to be lit. */
const BAR_LIT = 0.15;
/** A glyph narrower than this share of the row's digits is a 1 (the upright segments alone)... */
const NARROW = 0.6;
/** ... and one this wide is none (a printed 1's foot is narrower). */
const WIDE = 0.85;

/**
 * Whether any cell's glyph contradicts its digit as a seven-segment one: a glyph as narrow as a 1 read
 * as another digit, or one as wide as the others read as a 1; a bar the digit has unlit, or a middle
 * bar it has not lit, at the centre of the glyph's box.
 */
function barsDisagree(grids: Grid[], digits: number[]): boolean {
  const boxes = grids.map(inkBox);
  const widths = boxes.flatMap((b, i) => (b && digits[i] !== 1 ? [b.x1 - b.x0 + 1] : []));
  if (!widths.length) return false;
  const width = quantile(widths, 0.5);
  return boxes.some((b, i) => {
    const d = digits[i];
    if (!b) return false;
    const w = b.x1 - b.x0 + 1;
    if (w < NARROW * width) return d !== 1;
    if (d === 1) return w >= WIDE * width;
    const h = b.y1 - b.y0 + 1;
    const cx = (b.x0 + b.x1) / 2;
    const lit = (bar: keyof typeof BARS) => bandInk(grids[i], cx, width * BAR_HALF_WIDTH, b.y0 + BAR_AT[bar] * (h - 1), BAR_BAND * h) >= BAR_LIT;
    const has = (bar: keyof typeof BARS) => BARS[bar].includes(String(d));
    // Every bar the digit has must be lit; of those it has not, only the middle one is looked at: the
    // slant brings the upright strokes' ends towards the centre at the top and the bottom.
    return (['top', 'middle', 'bottom'] as const).some((bar) => has(bar) && !lit(bar)) || (!has('middle') && lit('middle'));
  });
}

/**
 * Bounding box of a cell's digit: its ink reaching into the middle half of the grid (a neighbour's
 * strokes stay at the edges; the OCR's cell centres jitter, so the digit may touch them), lines
 * across the whole grid (a frame) left out; null without ink.
 */
function inkBox(g: Grid): Blob | null {
  const kept = components(g).filter((b) => b.size >= 3 && b.x1 >= 0.25 * g.w && b.x0 <= 0.75 * g.w && b.x1 - b.x0 + 1 < 0.9 * g.w);
  if (!kept.length) return null;
  return kept.reduce((a, b) => ({ x0: Math.min(a.x0, b.x0), x1: Math.max(a.x1, b.x1), y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1), size: a.size + b.size }));
}

/** Share of ink in the band of a grid centred on (cx, cy), `hw` and `hh` half wide and high. */
function bandInk(g: Grid, cx: number, hw: number, cy: number, hh: number): number {
  let ink = 0;
  let all = 0;
  for (let y = Math.max(0, Math.round(cy - hh)); y <= Math.min(g.h - 1, Math.round(cy + hh)); y++) {
    for (let x = Math.max(0, Math.round(cx - hw)); x <= Math.min(g.w - 1, Math.round(cx + hw)); x++) {
      ink += g.ink[y * g.w + x];
      all++;
    }
  }
  return all ? ink / all : 0;
}

/** Tallest ink, in row heights, that may be a digit (the row height is the detector box's, a little more than the digits'). */
const MAX_GLYPH = 1.15;

interface Blob {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  size: number;
}

/** 4-connected ink components: bounding boxes and sizes. */
function components(g: Grid): Blob[] {
  const seen = new Uint8Array(g.ink.length);
  const out: Blob[] = [];
  for (let s = 0; s < g.ink.length; s++) {
    if (!g.ink[s] || seen[s]) continue;
    const box = { x0: g.w, x1: -1, y0: g.h, y1: -1, size: 0 };
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % g.w;
      const y = (p - x) / g.w;
      box.size++;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      for (const q of [x > 0 ? p - 1 : -1, x < g.w - 1 ? p + 1 : -1, y > 0 ? p - g.w : -1, y < g.h - 1 ? p + g.w : -1]) {
        if (q >= 0 && g.ink[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    out.push(box);
  }
  return out;
}

/**
 * How much of the row's height the ink in a cell-wide patch spans, in row heights (the patch is 1.8
 * row heights high), counting only components inside the patch (a frame or a line runs out of it)
 * and centred on the row's band (a register code or a label above or below the digits is not part
 * of them: over a left-out first digit, an LCD's `1.8.1` made the ink too tall for a digit);
 * 0 when the ink is taller than a digit.
 */
function glyphHeight(g: Grid): number {
  const rowHeight = g.h / 1.8;
  const onRow = (b: Blob) => Math.abs((b.y0 + b.y1) / 2 - (g.h - 1) / 2) <= rowHeight / 2;
  const kept = components(g).filter((b) => b.y0 > 0 && b.y1 < g.h - 1 && b.x0 > 0 && b.x1 < g.w - 1 && b.size >= 3 && b.y1 - b.y0 + 1 <= MAX_GLYPH * rowHeight && onRow(b));
  if (!kept.length) return 0;
  const top = Math.min(...kept.map((b) => b.y0));
  const bottom = Math.max(...kept.map((b) => b.y1));
  const span = (bottom - top + 1) / rowHeight;
  // Taller than a digit: a frame's corner, a label and the digit row together; not a digit.
  return span <= MAX_GLYPH ? span : 0;
}
