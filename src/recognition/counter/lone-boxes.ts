// Drums in separate windows (light numerals on dark drums, dark ones on light drums in a red band):
// the text detector may box the drums one at a time, some not at all, and no box holds the row (a
// rolling drum's two half numerals break it up most). Boxes of about one size on one line, a whole number of drum pitches apart, are joined into
// a strip along them, reaching past them as a widened line does (see widen.ts), and read again; the
// checks every counter goes through decide whether that strip holds a counter.
import { readStrips, type OcrLineDetail } from '../ocr/engine.js';
import { reachInImage, type RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import type { RgbImage } from '../preprocess.js';

/**
 * A box holding this many characters at most, no wider than this many of its heights per character
 * (a rolling drum's half numeral is wide and low), holds drums.
 */
const MAX_CHARS = 2;
const MAX_ASPECT = 2;
/** Points nearer than this many heights along the line are one drum (a rolling drum's two half numerals). */
const SAME_DRUM = 0.4;
/** Neighbours in a group: centres this far apart across the line (rolling numerals sit off it)... */
const ACROSS = 0.8;
/**
 * ...heights within this ratio of the run's tallest, and at most this many of its heights apart along
 * the line (drums left out between them). At 8, the PAFAL register under `--degrade dark` joined its
 * `01` and `49` boxes, and its strip's `1`s, faded, were read as `0`s by the OCR and the CNN alike.
 */
const HEIGHT_RATIO = 2.2;
const MAX_GAP = 5;
/** Gaps between drum centres must be whole pitches within this share of one. */
const WHOLE = 0.25;
/** A pitch between these many box heights (the boxes hug numerals, drums are wider than those are high). */
const PITCH_RANGE = [0.9, 3];
const MIN_DRUMS = 3;
/**
 * How far the strip reaches before the first drum and past the last, in pitches (see widen.ts): the
 * boxed drums may be the row's last ones, or its first (the rest boxed as one line).
 */
const BEFORE = 8;
const AFTER = [1, 3, 6];
/** Strip height, in the tallest whole numeral's box heights (see glyphHeight). */
const HEIGHT = 1.5;
const MAX_TILT = Math.PI / 9;
/** A box of several digits this many times as high as the boxes of one numeral spans a drum's window... */
const WINDOW_HIGH = 1.5;
/** ... where those boxes are each within this share of their median height. */
const NUMERAL_SPREAD = 0.2;

/** A drum a box shows: its centre and the box's height. */
interface Drum {
  x: number;
  y: number;
  h: number;
  /** The box's own slant: a single numeral's box leans with its row. */
  angle: number;
  digit: boolean;
  /** Two half numerals joined: as high as the drum's window, not as a numeral. */
  halves?: boolean;
  /** Boxed with other digits. */
  shared?: boolean;
}

/** The tallest box of one numeral: boxes hug numerals, and a rolling drum's halves are cut off. */
function glyphHeight(drums: Drum[]): number {
  const whole = drums.filter((d) => !d.halves);
  return whole.length ? Math.max(...whole.map((d) => d.h)) : lowerMedian(drums.map((d) => d.h));
}

export interface LoneGroup {
  drums: Drum[];
  pitch: number;
}

const lowerMedian = (v: number[]) => [...v].sort((a, b) => a - b)[(v.length - 1) >> 1];

/** The drums of short boxes: one per character, spread along the box. */
function drumsOf(lines: OcrLineDetail[]): Drum[] {
  const drums: Drum[] = [];
  for (const l of lines) {
    const chars = [...l.text.replace(/\s/g, '')];
    const { cx, cy, width, height, angle } = l.rect;
    if (chars.length < 1 || chars.length > MAX_CHARS || width > MAX_ASPECT * height * chars.length) continue;
    chars.forEach((ch, i) => {
      const t = ((i + 0.5) / chars.length - 0.5) * width;
      drums.push({ x: cx + t * Math.cos(angle), y: cy + t * Math.sin(angle), h: height, angle, digit: ch >= '0' && ch <= '9', shared: chars.length > 1 && chars.every((c) => c >= '0' && c <= '9') });
    });
  }
  // A box of several digits as tall as the window, against the boxes of one numeral, holds a rolling
  // drum's two half numerals beside a whole one: its height and slant are not a numeral's (a shadowed
  // gas row's `58` box, 74 px high and slanted 2.5 degrees by the rolling `8`, beside 34-40 px boxes of
  // one digit each, tilted the strip through its framed drums, and the bands that look for the frame
  // missed its first drum: `972122.58` for `97212.258`). Only where the boxes of one numeral agree on
  // its height: the detector may box lone numerals short of it, a piece of one at that (a tilted gas
  // row's `9`, `g`, `5` and `9` boxed 13 to 25 px high, its `45` box 47 px, the numerals' own height);
  // nor a unit's box (`m3`), which then says more of it.
  const single = drums.filter((d) => !d.shared && d.digit).map((d) => d.h);
  const numeral = single.length >= 2 ? lowerMedian(single) : 0;
  if (numeral > 0 && single.every((h) => Math.abs(h - numeral) <= NUMERAL_SPREAD * numeral)) {
    for (const d of drums) if (d.shared && d.h > WINDOW_HIGH * numeral) d.halves = true;
  }
  drums.sort((a, b) => a.x - b.x);
  // Two half numerals of one rolling drum, boxed apart one over the other: one drum.
  const merged: Drum[] = [];
  for (const d of drums) {
    const last = merged[merged.length - 1];
    if (last && d.x - last.x < SAME_DRUM * Math.max(last.h, d.h)) {
      const top = Math.min(last.y - last.h / 2, d.y - d.h / 2);
      const bottom = Math.max(last.y + last.h / 2, d.y + d.h / 2);
      merged[merged.length - 1] = { x: (last.x + d.x) / 2, y: (top + bottom) / 2, h: bottom - top, angle: last.angle, digit: last.digit || d.digit, halves: true };
    } else merged.push(d);
  }
  return merged;
}

/**
 * The largest pitch that makes every gap between drum centres a whole number of pitches (within
 * WHOLE of one), tried from each gap split into as many pitches as the range allows (a smaller one
 * always fits as well: half the pitch makes every gap whole too); the pitch over the whole run, or null.
 * Every gap is tried: box centres stray from the drums', and a pitch from one short gap may not fit
 * a long one that another gap's does.
 */
export function commonPitch(gaps: number[], range: [number, number]): number | null {
  const fits = (p: number) => gaps.every((g) => Math.round(g / p) >= 1 && Math.abs(g / p - Math.round(g / p)) <= WHOLE);
  const splits = (g: number) => Array.from({ length: Math.max(1, Math.floor(g / range[0])) }, (_, k) => g / (k + 1));
  const candidates = gaps.flatMap(splits).filter((p) => p >= range[0] && p <= range[1] && fits(p));
  if (!candidates.length) return null;
  const p = Math.max(...candidates);
  return gaps.reduce((a, g) => a + g, 0) / gaps.reduce((a, g) => a + Math.round(g / p), 0);
}

/**
 * Runs of drums along one line, left to right, at least three, a whole number of pitches apart,
 * at least two of them read as digits.
 */
export function loneGroups(lines: OcrLineDetail[]): LoneGroup[] {
  const drums = drumsOf(lines);
  const groups: LoneGroup[] = [];
  const used = new Set<number>();
  drums.forEach((_, i) => {
    if (used.has(i)) return;
    const run = [i];
    let tallest = drums[i].h;
    for (let j = i + 1; j < drums.length; j++) {
      const last = drums[run[run.length - 1]];
      const d = drums[j];
      const h = Math.max(tallest, d.h);
      if (used.has(j) || h > HEIGHT_RATIO * Math.min(tallest, d.h)) continue;
      if (Math.abs(d.y - last.y) > ACROSS * h || d.x - last.x > MAX_GAP * h) continue;
      run.push(j);
      tallest = h;
    }
    const fitted = pitchedRun(run.map((k) => drums[k]));
    if (fitted === null) return;
    run.slice(0, fitted.drums.length).forEach((k) => used.add(k));
    groups.push(fitted);
  });
  return groups;
}

/**
 * The run as a group, or where no pitch fits it all, its longest start that one fits: a unit's
 * characters past the row (`m3` boxed as two drums) or a stray mark after it spoil the pitch of
 * the drums before them (a rendered gas register's `0 8 O g 4` then `m 3`: no pitch fitted all seven).
 */
function pitchedRun(run: Drum[]): LoneGroup | null {
  for (let n = run.length; n >= MIN_DRUMS; n--) {
    const members = run.slice(0, n);
    if (members.filter((d) => d.digit).length < 2) return null;
    const pitch = pitchOf(members);
    if (pitch === null) continue;
    // A unit's box past the row may fit only half the drums' pitch (a shadowed gas row's `M3`, 1.45
    // pitches past its last drum, joined at 28 px for its 56): without the letters that end the run,
    // the drums' own pitch fits. Half the pitch tilted the strip through a rolling drum's raised
    // numeral, and the unit's box set the strip's height: the bands that look for the red frame
    // round the decimal drums missed it.
    let k = n;
    while (k > 0 && !members[k - 1].digit) k--;
    const drums = members.slice(0, k);
    const own = k < n && k >= MIN_DRUMS ? pitchOf(drums) : null;
    if (own !== null && own >= WIDER_PITCH * pitch) return { drums, pitch: own };
    return { drums: members, pitch };
  }
  return null;
}

/** The run's pitch (see commonPitch). Stacked half numerals make a drum as high as its window: the lower median box sets the pitch's range. */
function pitchOf(members: Drum[]): number | null {
  const height = lowerMedian(members.map((d) => d.h));
  return commonPitch(members.slice(1).map((d, k) => d.x - members[k].x), [PITCH_RANGE[0] * height, PITCH_RANGE[1] * height]);
}

/** A pitch this many times the whole run's, fitted by its drums without the letters that end it, is theirs. */
const WIDER_PITCH = 1.5;

/**
 * Boxes at least this share of the tallest numeral's height hold whole numerals: a rolling drum's
 * numeral, cut by its window, is boxed lower and off the row's line (a rendered gas register's last
 * `4`, 29 px high for its row's 41, tilted the strip through `0` and `8` by 6 px at its end, and the
 * bands that look for the decimal drums' red frame missed it).
 */
const WHOLE_NUMERAL = 0.8;
/** Whole numerals spanning less than this share of the group's length slant the strip by their boxes. */
const SHORT_SPAN = 1 / 3;

/** How far off the row's line (in the tallest whole numeral's heights) a digit box's centre may lie and be on it. */
const OFF_LINE = 0.15;

/**
 * The whole numerals on the row's line: of the lines through two of them, the one the most digit
 * boxes lie on (within `tolerance`), the nearest to them on a tie; those of them on it. A rolling
 * drum's numeral may be boxed whole but off the row's line, and three centres give a fitted line no
 * way to tell (a sideways water face's `9 9 8` boxes, the rolling `8` 17 px above the row, slanted the
 * strip 7 degrees and it missed the row's first drum: `44.998` for `50044.998`); a shorter digit's
 * box on the line tells them apart.
 */
function onOneLine(whole: Drum[], digits: Drum[], tolerance: number): Drum[] {
  if (whole.length < 3) return whole;
  const off = (a: Drum, b: Drum, d: Drum) => Math.abs((b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y);
  let best = { on: whole, count: -1, spread: Infinity };
  for (let i = 0; i < whole.length; i++) {
    for (let j = i + 1; j < whole.length; j++) {
      const [a, b] = [whole[i], whole[j]];
      const near = digits.filter((d) => off(a, b, d) <= tolerance);
      const spread = near.reduce((sum, d) => sum + off(a, b, d) ** 2, 0);
      if (near.length > best.count || (near.length === best.count && spread < best.spread)) best = { on: whole.filter((d) => near.includes(d)), count: near.length, spread };
    }
  }
  return best.on;
}

/**
 * The strip along a group, through its centres' fitted line, clipped to the image; null when steep.
 * The line goes through the boxes read as whole digits when there are two, else through those read
 * as digits: a box read as a letter is often a rolling drum's half numeral, above or below the row's line.
 */
export function joinedRect(g: LoneGroup, size: { width: number; height: number }, after = AFTER[0]): RotatedRect | null {
  const digits = g.drums.filter((d) => d.digit && !d.halves);
  const height = glyphHeight(g.drums);
  const whole = digits.filter((d) => d.h >= WHOLE_NUMERAL * height);
  const on = whole.length >= 2 ? onOneLine(whole, digits, OFF_LINE * height) : digits.length >= 2 ? digits : g.drums;
  const n = on.length;
  const mx = on.reduce((a, d) => a + d.x, 0) / n;
  const my = on.reduce((a, d) => a + d.y, 0) / n;
  const sxx = on.reduce((a, d) => a + (d.x - mx) ** 2, 0);
  const sxy = on.reduce((a, d) => a + (d.x - mx) * (d.y - my), 0);
  // Centres a short way apart give the line's slant no lever (a pixel's error over 50 px is 8 px at
  // the row's end): their boxes' own slant says it better.
  const span = Math.max(...on.map((d) => d.x)) - Math.min(...on.map((d) => d.x));
  const reach = Math.max(...g.drums.map((d) => d.x)) - Math.min(...g.drums.map((d) => d.x));
  const angle = whole.length >= 2 && span < SHORT_SPAN * reach ? lowerMedian(on.map((d) => d.angle)) : Math.atan2(sxy, sxx);
  if (Math.abs(angle) > MAX_TILT) return null;
  const [ax, ay] = [Math.cos(angle), Math.sin(angle)];
  const along = g.drums.map((d) => (d.x - mx) * ax + (d.y - my) * ay);
  const lo = Math.max(Math.min(...along) - (BEFORE + 0.5) * g.pitch, -reachInImage(mx, my, angle, size, -1));
  const hi = Math.min(Math.max(...along) + (after + 0.5) * g.pitch, reachInImage(mx, my, angle, size, 1));
  const mid = (lo + hi) / 2;
  return { cx: mx + mid * ax, cy: my + mid * ay, width: hi - lo, height: HEIGHT * glyphHeight(g.drums), angle };
}

/** Each group of lone drum boxes read again over its joined strips, as OCR lines. */
export async function joinedRows(img: RgbImage, lines: OcrLineDetail[], recognize: (rects: RotatedRect[]) => Promise<RecognizedCrop[]>): Promise<OcrLineDetail[]> {
  const rects = loneGroups(lines).flatMap((g) => AFTER.map((after) => joinedRect(g, img, after)).filter((r): r is RotatedRect => r !== null));
  return readStrips(rects, recognize);
}
