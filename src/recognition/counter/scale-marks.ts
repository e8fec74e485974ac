// Drum registers often print each drum's multiplier under (or over) it: "1000 100 10 1 1/10",
// "x0.1", "0,01". A mark under a drum fixes where the decimal point is even when the fractional
// drums are neither red nor separated from the others.
import type { OcrLine } from '../ocr/types.js';
import type { RotatedRect } from '../ocr/geometry.js';
import type { CounterReading } from './reader.js';

/** Power of ten a multiplier mark stands for, or null when the text is no such mark. */
export function markExponent(text: string): number | null {
  const t = text.replace(/\s/g, '').replace(/^[x×*]/i, '').replace(',', '.');
  const frac = /^1\/(10{1,3})$/.exec(t);
  if (frac) return -(frac[1].length - 1);
  const dec = /^0\.(0{0,2})1$/.exec(t);
  if (dec) return -(dec[1].length + 1);
  const int = /^10{1,5}$/.exec(t);
  if (int) return t.length - 1;
  return null;
}

/**
 * Exponents of a line holding several multiplier marks read as one ("100001000100" for
 * "10000 1000 100"), left to right, or null unless it splits into three or more consecutive powers of ten
 * (each one less than the one before; a last "1/10" or "0.1" may follow).
 */
export function mergedMarkExponents(text: string): number[] | null {
  const t = text.replace(/\s/g, '').replace(',', '.');
  const m = /^((?:10*)+?)(1\/10|0\.1)?$/.exec(t);
  if (!m) return null;
  const exps = (m[1].match(/10*/g) ?? []).map((r) => r.length - 1);
  if (m[2]) exps.push(-1);
  if (exps.length < 3) return null;
  return exps.every((e, i) => i === 0 || e === exps[i - 1] - 1) ? exps : null;
}

/** How far from the row (in row heights, across the axis) a mark may sit. */
const MAX_ACROSS = 1.6;
/** How far from a cell centre (in pitches, along the axis) a mark's centre may sit. */
const MAX_ALONG = 0.45;

/** Multiplier marks beside a row: the cell (index from its first) under the first mark, and the marks' exponents. */
export interface PlacedMarks {
  cell: number;
  exponents: number[];
}

/**
 * The multiplier marks among `lines` that sit beside the row's drums (or up to two pitches before
 * its first cell), each placed on its cell.
 */
export function placedMarks(lines: OcrLine[], c: CounterReading): PlacedMarks[] {
  const [ax, ay] = c.axis;
  const first = c.cells[0];
  const n = c.cells.length;
  const placed: PlacedMarks[] = [];
  for (const line of lines) {
    const single = markExponent(line.text);
    const exps = single !== null ? [single] : mergedMarkExponents(line.text);
    if (!exps) continue;
    const cx = line.box.reduce((s, p) => s + p[0], 0) / line.box.length;
    const cy = line.box.reduce((s, p) => s + p[1], 0) / line.box.length;
    const height = Math.hypot(line.box[3][0] - line.box[0][0], line.box[3][1] - line.box[0][1]);
    if (height >= c.height * 0.9) continue;
    const dx = cx - first.x;
    const dy = cy - first.y;
    const across = -dx * ay + dy * ax;
    if (Math.abs(across) < c.height * 0.4 || Math.abs(across) > c.height * MAX_ACROSS) continue;
    // A merged line's centre sits under the middle of its marks, one mark per cell.
    const pos = (dx * ax + dy * ay) / c.pitch - (exps.length - 1) / 2;
    const i = Math.round(pos);
    if (i < -MAX_BEFORE || i + exps.length > n + MAX_AFTER || Math.abs(pos - i) > MAX_ALONG) continue;
    placed.push({ cell: i, exponents: exps });
  }
  return placed;
}

/** How many drums before the row's first cell, and past its last, marks may show (drums the OCR left out). */
const MAX_BEFORE = 2;
const MAX_AFTER = 2;

/**
 * Decimal places implied by the multiplier marks next to the counter's cells, or null when there
 * are none or they contradict each other. Whole-number marks ("10", "100") only count together
 * with another mark: alone, a "10" near the row may be anything.
 */
export function decimalsFromMarks(lines: OcrLine[], c: CounterReading): number | null {
  const { decimals: d } = markedDecimals(lines, c);
  return d === null || d < 0 || d > 4 ? null : d;
}

/**
 * Whether the row's multiplier marks, agreeing with each other, show a drum past its last cell: the
 * row stops drums short. Its units drum (a rendered register read `5899` of `58999` and a tenth: its
 * `10000` to `10` marks under the four cells put the units drum a cell on, rolling and unread), or a
 * fractional one: a mark past the row's end (a slanted shot of a Taiwanese register read `1723` of
 * `1723.2`, its `1/10` mark under the tenths drum the detector boxed apart).
 */
export function unitsPastRow(lines: OcrLine[], c: CounterReading): boolean {
  return markedDecimals(lines, c).pastRow;
}

/**
 * The decimals the row's marks agree on (negative: the units drum lies past the row), or null; and
 * whether, agreeing, they show a drum past the row (see unitsPastRow).
 */
function markedDecimals(lines: OcrLine[], c: CounterReading): { decimals: number | null; pastRow: boolean } {
  const n = c.cells.length;
  const none = { decimals: null, pastRow: false };
  const votes: { decimals: number; fraction: boolean }[] = [];
  let past = false;
  for (const { cell, exponents } of placedMarks(lines, c)) {
    past ||= cell + exponents.length > n;
    if (cell < 0) continue;
    // Cells 0..cell and e more to the right of it are whole units.
    exponents.forEach((e, k) => votes.push({ decimals: n - 1 - (cell + k) - e, fraction: e < 0 }));
  }
  if (!votes.length) return none;
  const d = votes[0].decimals;
  if (votes.some((v) => v.decimals !== d)) return none;
  if (!votes.some((v) => v.fraction) && votes.length < 2) return none;
  return { decimals: d, pastRow: d < 0 || past };
}

/**
 * Drums before the row's first cell that multiplier marks show (the OCR left them out): 0 unless
 * a mark sits before the row and at least two marks agree, one power of ten per drum, with each
 * other and with the row's own decimal point where it has one.
 */
export function drumsBeforeRow(lines: OcrLine[], c: CounterReading): number {
  const marks = placedMarks(lines, c).flatMap(({ cell, exponents }) => exponents.map((e, k) => ({ cell: cell + k, e })));
  if (marks.length < 2) return 0;
  // Exponent plus cell index is the index of the units drum, the same for every mark.
  const units = marks[0].e + marks[0].cell;
  if (marks.some((m) => m.e + m.cell !== units)) return 0;
  if (c.decimalSource !== 'none' && units !== c.cells.length - 1 - c.decimals) return 0;
  return Math.max(0, -Math.min(...marks.map((m) => m.cell)));
}

/** Most boxes beside a row read for marks (one per drum, and some to spare). */
const MAX_MARK_BOXES = 10;

/**
 * Indices of the detector boxes that sit where a row's multiplier marks would: smaller than its
 * digits, just under or over it, along its drums (up to two pitches before its first cell, where a
 * drum the OCR missed has its mark). Small marks lose the detector's prominence ranking to the
 * nameplate's text, so the pipeline reads these boxes on purpose.
 */
export function markBoxesBeside(c: CounterReading, rects: RotatedRect[]): number[] {
  const [ax, ay] = c.axis;
  const first = c.cells[0];
  const n = c.cells.length;
  const found: number[] = [];
  rects.forEach((r, i) => {
    if (r.height >= c.height * 0.9 || r.width > c.pitch * (n + 2)) return;
    const dx = r.cx - first.x;
    const dy = r.cy - first.y;
    const across = -dx * ay + dy * ax;
    const along = (dx * ax + dy * ay) / c.pitch;
    if (Math.abs(across) < c.height * 0.4 || Math.abs(across) > c.height * MAX_ACROSS) return;
    if (along < -MAX_BEFORE - MAX_ALONG || along > n - 1 + MAX_ALONG) return;
    found.push(i);
  });
  return found.slice(0, MAX_MARK_BOXES);
}

/**
 * The counter with its decimal point placed by the multiplier marks, when it had no other cue; a row
 * whose red drums put it elsewhere than the marks do is marked (`marksContest`): the OCR left a drum out
 * and a black drum passed for the red one (a framed tenth's row read `3847` and one drum on, the last black
 * `7` beside the frame's edge taken for the red tenth, its marks `1` and `0.1` under the last two drums:
 * `3847.7` for `38477.3`).
 */
export function withMarkedDecimals(lines: OcrLine[], c: CounterReading): CounterReading {
  if (c.decimalSource !== 'none' && c.decimalSource !== 'colour') return c;
  const { decimals: d, pastRow } = markedDecimals(lines, c);
  if (c.decimalSource === 'colour') return d !== null && d !== c.decimals ? { ...c, marksContest: true } : c;
  if (pastRow) return { ...c, unitsPastRow: true };
  if (d === null || d === 0 || d > 4 || d >= c.digits.length) return c;
  return { ...c, decimals: d, decimalSource: 'marks', value: Number(c.digits) / 10 ** d };
}
