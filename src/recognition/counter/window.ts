// Finds the counter window (drum row or LCD digits) among the OCR lines and locates each digit in it.
import type { OcrLineDetail } from '../ocr/engine.js';
import type { Point } from '../ocr/types.js';
import { charOffset } from '../ocr/ctc.js';

/** The `line` of a cell the red-tail re-read added past the OCR's row (see extend.ts). */
export const REREAD_LINE = -1;

/** One digit of the counter as the OCR saw it, located in the image. */
export interface DigitCell {
  digit: number;
  score: number;
  /** Centre in working-image pixels. */
  x: number;
  y: number;
  /** Position along the window's axis (pixels). */
  u: number;
  /** Index of the OCR line the digit came from (REREAD_LINE: added by the red-tail re-read). */
  line: number;
  /** Text right after the digit in its line ('.' or ',' marks a decimal point). */
  followedBySeparator: boolean;
  /**
   * A red drum past the row on which the OCR read a glyph but no digit (a rolling drum's two half
   * numerals read as `÷`, a `0` as `D`): `digit` is a stand-in, and only the digit-wheel CNN's
   * reading of the wheel counts (see combine.ts).
   */
  unread?: boolean;
}

export interface CounterWindow {
  cells: DigitCell[];
  /** Axis direction (unit vector) and digit height in pixels. */
  axis: Point;
  height: number;
  /** Median centre-to-centre distance between neighbouring digits. */
  pitch: number;
  lineIndexes: number[];
  /** Higher is more likely the counter. */
  score: number;
  /** A digit boxed apart on the row, in a gap between two of its cells, that the row left out (see gapBoxed). */
  gapBoxed?: boolean;
}

/**
 * Height ratio up to which two digit lines that overlap along the row are one row: the detector boxes
 * a row's first drums and the rest apart, sharing a drum, and a box that takes in a red drum's frame is
 * much taller (`013` and `34149` of a tilted PAFAL row, 1.5 times its height; kept apart, the row was
 * read without its first two drums). The reader drops the shared drum read twice.
 */
const OVERLAP_HEIGHTS = 1.8;

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && c.toLowerCase() !== c.toUpperCase();

/** Letters the recogniser reads for a drum's 0, accepted only right before a digit and not inside a word. */
const ZERO_LOOKALIKES = new Set(['O', 'o', 'D', 'U', 'Q']);
/** Score of such a 0: low enough that the digit-wheel CNN must firmly confirm it. */
export const LOOKALIKE_SCORE = 0.5;

/** The digit a character of a digit row stands for, and whether it was a look-alike letter. */
function asDigit(chars: string[], i: number): { digit: number; lookalike: boolean } | null {
  const ch = chars[i];
  if (isDigit(ch)) return { digit: ch.charCodeAt(0) - 48, lookalike: false };
  if (ZERO_LOOKALIKES.has(ch) && isDigit(chars[i + 1] ?? '') && !isLetter(chars[i - 1])) return { digit: 0, lookalike: true };
  return null;
}

/** Digits of one OCR line with their image positions. */
export function lineDigits(line: OcrLineDetail, lineIndex: number): DigitCell[] {
  const { rect, rec } = line;
  const c = Math.cos(rect.angle);
  const s = Math.sin(rect.angle);
  const out: DigitCell[] = [];
  const chars = [...line.text];
  let ended = false;
  chars.forEach((ch, i) => {
    const d = asDigit(chars, i);
    // A word after the digits (m3, kWh) ends the row: digits past it are an exponent or other text.
    if (!d && out.length && isLetter(ch)) ended = true;
    if (!d || ended) return;
    const along = charOffset(rec, i, rect.width);
    const next = chars[i + 1];
    const score = rec.charScores[i] ?? line.score;
    out.push({
      digit: d.digit,
      score: d.lookalike ? Math.min(score, LOOKALIKE_SCORE) : score,
      x: rect.cx + along * c,
      y: rect.cy + along * s,
      u: 0,
      line: lineIndex,
      followedBySeparator: next === '.' || next === ',',
    });
  });
  return out;
}

/**
 * Digits a line holds past the word that ended its digit row (see lineDigits), other than a unit's
 * exponent (`m3`): a model code's (`2023F189-8`), whose first digits are no register.
 */
export function digitsPastWord(text: string): number {
  const chars = [...text];
  const start = chars.findIndex(isDigit);
  if (start < 0) return 0;
  const word = chars.findIndex((ch, i) => i > start && isLetter(ch) && !ZERO_LOOKALIKES.has(ch));
  if (word < 0) return 0;
  return chars.filter((ch, i) => i > word && isDigit(ch) && !/[mM]/.test(chars[i - 1])).length;
}

/**
 * A drum window's edges read as brackets or bars at a line's ends (`2]` for a drum boxed with the
 * frame beside it): they are no text of the line. Counted, they kept a one-drum line out of its row,
 * and the next box's reading of that drum's right edge as `1` took its place (97191 for 97291).
 */
const FRAME_MARKS = /^[[\]|]+|[[\]|]+$/g;

/**
 * Whether a line's digits follow a word of two or more letters without a space: a model or a sensor's
 * name (`PT1000` on a heat meter's temperature probe, read as a register of `1000`), not a register.
 * Letters a drum's 0 is read as do not count (`DO12345`), nor one letter alone (an LCD's `T1` run into
 * its register).
 */
export function gluedToWord(text: string): boolean {
  const chars = [...text];
  const start = chars.findIndex(isDigit);
  const word = (ch: string | undefined) => isLetter(ch) && !ZERO_LOOKALIKES.has(ch!);
  return start >= 2 && word(chars[start - 1]) && word(chars[start - 2]);
}

function digitShare(text: string): number {
  const t = text.replace(/\s/g, '').replace(FRAME_MARKS, '');
  if (!t.length) return 0;
  return [...t].filter(isDigit).length / t.length;
}

/**
 * Groups digit-dominated lines of similar height lying on one row, and scores each group as the
 * counter: tall text, 4..9 digits, few other characters.
 */
export function findCounterWindows(lines: OcrLineDetail[]): CounterWindow[] {
  const cand = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => digitShare(l.text) >= 0.6 && [...l.text].filter(isDigit).length >= 1 && !gluedToWord(l.text));
  if (!cand.length) return [];
  const maxH = Math.max(...lines.map((l) => l.rect.height));
  const used = new Set<number>();
  const windows: CounterWindow[] = [];
  const byX = cand.slice().sort((a, b) => a.l.rect.cx - b.l.rect.cx);
  for (const seed of byX) {
    if (used.has(seed.i)) continue;
    const group = [seed];
    used.add(seed.i);
    let last = seed.l;
    // The longest line so far sets the row's direction where the last box is skewed from it: a glyph
    // boxed askew is no guide to where the next one lies (a rendered gas face's red `7`, boxed 30
    // degrees off, left the `6` after it out of the row: `45420.1` for `45420.764`).
    let longest = seed.l;
    for (const other of byX) {
      if (used.has(other.i)) continue;
      const o = other.l;
      // Boxes around single drums hug the glyph, so their heights vary more than whole rows do.
      const hRatio = o.rect.height / last.rect.height;
      const short = [...o.text].length <= 2 || [...last.text].length <= 2;
      const h = Math.max(o.rect.height, last.rect.height);
      const angle = skewedFrom(last.rect.angle, longest.rect.angle) ? longest.rect.angle : last.rect.angle;
      const c = Math.cos(angle);
      const s = Math.sin(angle);
      const dx = o.rect.cx - last.rect.cx;
      const dy = o.rect.cy - last.rect.cy;
      const along = dx * c + dy * s;
      const across = -dx * s + dy * c;
      const gap = along - (o.rect.width + last.rect.width) / 2;
      const [lo, hi] = gap < 0 && !short ? [1 / OVERLAP_HEIGHTS, OVERLAP_HEIGHTS] : short ? [0.6, 1.67] : [0.7, 1.45];
      if (hRatio < lo || hRatio > hi) continue;
      if (along <= 0 || Math.abs(across) > 0.45 * h || gap > 1.2 * h) continue;
      group.push(other);
      used.add(other.i);
      last = o;
      if ([...o.text].length >= [...longest.text].length) longest = o;
    }
    const w = buildWindow(group.map((g) => g.l), group.map((g) => g.i), maxH);
    windows.push(gapBoxed(w, cand.filter((o) => !w.lineIndexes.includes(o.i)).map((o) => o.l)) ? { ...w, gapBoxed: true } : w);
  }
  return windows.filter((w) => w.cells.length >= 3).sort((a, b) => b.score - a.score);
}

/** How far (in pitches) from both cells round it a left-out digit box's centre must be to be no second read of either. */
const GAP_CLEARANCE = 0.3;

/**
 * Whether a digit line left out of the window sits on its axis in a gap between two of its cells:
 * a drum the row skipped, and what the OCR read round it may be its edge. A 450-px serif gas face's
 * `7`, boxed alone to its glyph's height (0.59 of the row's, too short to join), lay between the `4`
 * before it and a `1` the next box read on its right edge (`34142.892` for `34742.891`).
 */
function gapBoxed(w: CounterWindow, others: OcrLineDetail[]): boolean {
  const [ax, ay] = w.axis;
  const v0 = median(w.cells.map((c) => c.y * ax - c.x * ay));
  return others.some(({ rect }) => {
    const u = rect.cx * ax + rect.cy * ay;
    if (Math.abs(rect.cy * ax - rect.cx * ay - v0) > 0.45 * w.height) return false;
    const next = w.cells.findIndex((c) => c.u > u);
    if (next <= 0) return false;
    return u - w.cells[next - 1].u >= GAP_CLEARANCE * w.pitch && w.cells[next].u - u >= GAP_CLEARANCE * w.pitch;
  });
}

/**
 * A box turned this far (radians) from the row's axis, other than by a quarter turn (a glyph's box
 * may be taken either way), was recognised from a skewed crop of its glyph: a rendered red `7`
 * boxed alone at 41 degrees read as a sure `1`, which the CNN, across its 1/7 confusion, could not
 * veto (`7544.19` for `7544.790`). Not at 0.22 (13 degrees): a drum's `7` half in a shadow's edge,
 * boxed 14 degrees off the row round its lit stroke and read as `1` at 0.78 (`86108.0` for `086708.0`),
 * was withheld then, but a blurred monospaced `6`, boxed 14 degrees off with the window's edge as `16`,
 * went to the CNN's firm `0` (`707427.5` for `767427.5`).
 */
const SKEWED_BOX = 0.35;
/**
 * Score of a skewed box's digits: unsure, so that the CNN must support them, and may read them in the
 * OCR's place, but not across its own confusions (see combine.ts): there the two readers' doubts meet,
 * and the wheel is withheld. At 0.45 a 450-px condensed face's red `1`, boxed alone askew, became
 * the CNN's `7` (`23323.477` for `23323.417`).
 */
const SKEWED_SCORE = 0.5;

function skewedFrom(angle: number, axisAngle: number): boolean {
  const quarter = Math.PI / 2;
  const d = (((angle - axisAngle) % quarter) + quarter) % quarter;
  return Math.min(d, quarter - d) > SKEWED_BOX;
}

function buildWindow(lines: OcrLineDetail[], idx: number[], maxH: number): CounterWindow {
  const height = median(lines.map((l) => l.rect.height));
  const boxAngle = lines[0].rect.angle;
  const read = lines.map((l, k) => lineDigits(l, idx[k]));
  // Drums boxed one by one lie on the line through their centres, and a box is skewed from that line,
  // not from the first box (a rendered `7` boxed 9 degrees off, and a `6` 13 degrees the other way,
  // were held 22 degrees apart, the 6 capped, and the CNN's 9.9 read in its place: `723003.8`).
  const fitted = glyphBoxes(lines) ? centresAngle(read.flat(), boxAngle, height) : null;
  const angle = fitted ?? boxAngle;
  const cells = read.flatMap((digits, k) => (skewedFrom(lines[k].rect.angle, angle) ? digits.map((c) => ({ ...c, score: Math.min(c.score, SKEWED_SCORE) })) : digits));
  const axis: Point = [Math.cos(angle), Math.sin(angle)];
  for (const c of cells) c.u = c.x * axis[0] + c.y * axis[1];
  cells.sort((a, b) => a.u - b.u);
  const gaps = cells.slice(1).map((c, i) => c.u - cells[i].u);
  const pitch = gaps.length ? median(gaps) : height * 0.6;
  const text = lines.map((l) => l.text).join('');
  const n = cells.length;
  const countFit = n >= 4 && n <= 9 ? 1 : n === 3 || n === 10 ? 0.5 : 0.2;
  const meanScore = cells.reduce((a, c) => a + c.score, 0) / Math.max(1, n);
  const score = (height / maxH) * countFit * digitShare(text) * meanScore;
  return { cells, axis, height, pitch, lineIndexes: idx, score };
}

/**
 * Lines of a glyph or two each: drums boxed one by one, whose boxes' angles say little of the row's.
 * A drum window's edges read as brackets or bars beside its glyph (`[0]`) are no glyphs.
 */
function glyphBoxes(lines: OcrLineDetail[]): boolean {
  return lines.length >= 3 && lines.every((l) => [...l.text.replace(WINDOW_EDGES, '')].length <= 2);
}

const WINDOW_EDGES = /[[\]()|]/g;

/** How far (in row heights) a cell's centre may lie off the line fitted through all of them. */
const OFF_FITTED_LINE = 0.2;

/**
 * The angle of the straight line through the cells' centres (least squares), where they lie on it
 * and it is within a quarter turn's half of `near`; else null. A photo held 8 degrees askew had its
 * water meter's drums boxed one by one, each box level: the row's axis, taken from the first box,
 * placed the red drum past the row a fifth of its height too high, and its `8.7` was read `0`
 * (`41201.250` for `41201.258`).
 */
function centresAngle(cells: readonly { x: number; y: number }[], near: number, height: number): number | null {
  if (cells.length < 4) return null;
  const [ax, ay] = [Math.cos(near), Math.sin(near)];
  // In the frame of `near`: u along it, v across.
  const pts = cells.map((c) => ({ u: c.x * ax + c.y * ay, v: c.y * ax - c.x * ay }));
  const mu = pts.reduce((a, p) => a + p.u, 0) / pts.length;
  const mv = pts.reduce((a, p) => a + p.v, 0) / pts.length;
  const suu = pts.reduce((a, p) => a + (p.u - mu) ** 2, 0);
  if (suu === 0) return null;
  const slope = pts.reduce((a, p) => a + (p.u - mu) * (p.v - mv), 0) / suu;
  if (Math.abs(slope) > 1) return null;
  if (pts.some((p) => Math.abs(p.v - mv - slope * (p.u - mu)) / Math.hypot(1, slope) > OFF_FITTED_LINE * height)) return null;
  return near + Math.atan(slope);
}

export function median(v: number[]): number {
  if (!v.length) return 0;
  const s = v.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
