// A drum part way between two digits shows the lower part of one numeral at the top of its window
// and the upper part of the next at the bottom, with blank drum between. The detector often boxes
// each part apart, off the row's line, and the recogniser reads a part surely as its digit. Read
// together, the two parts can pass for another digit altogether: a rendered drum at 5.5, the foot of
// its `5` over the head of its `6`, was read `2` by the OCR's strips and seen at 2.4 by the CNN
// (`61246.442` for `61246.445`), while the first pass had boxed its lower part and read it `6` at 1.00.
import { boxToRect } from '../ocr/geometry.js';
import type { OcrLine } from '../ocr/types.js';
import type { CounterReading } from './reader.js';
import { apartOnDrum } from './combine.js';

/** A part numeral's box: its centre this far along the row from a cell's (in pitches)... */
const ALONG = 0.35;
/** ... and between these shares of the row's height off the row's line (a whole numeral sits on it)... */
const ACROSS = [0.3, 0.9];
/**
 * ... at least this share of the row's height high, its near side inside the row's band: a part
 * numeral fills the window's top or bottom. Small print under the drums is none (a Бетар's `3` of
 * its unit, 17 px high and 64 px under a 75 px row, withheld `140.738` turned 270 degrees).
 */
const PART_HEIGHT = 0.5;
/** The part read at least this surely, as one digit. */
const SURE = 0.9;

/** A digit boxed on its own over a drum cell, off the row's line (a part of a numeral the drum shows), and its box's centre. */
export interface HalfNumeral {
  x: number;
  y: number;
  digit: number;
}

type Row = Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>;

/** The cell whose centre lies within ALONG of `at` along the row, or -1. */
function cellAt(c: Row, at: { x: number; y: number }): number {
  const [ax, ay] = c.axis;
  return c.cells.findIndex((p) => Math.abs((at.x - p.x) * ax + (at.y - p.y) * ay) <= ALONG * c.pitch);
}

/**
 * The digits boxed alone over the row's cells but off its line (the top or the bottom of a drum's
 * window), read surely; lines the row's cells came from left out.
 */
export function halfNumerals(lines: Pick<OcrLine, 'box' | 'text' | 'score'>[], c: Row): HalfNumeral[] {
  const [ax, ay] = c.axis;
  const own = new Set(c.cells.map((cell) => cell.line));
  const out: HalfNumeral[] = [];
  lines.forEach((line, i) => {
    const text = line.text.trim();
    if (own.has(i) || !/^\d$/.test(text) || line.score < SURE) return;
    const { cx: x, cy: y, height } = boxToRect(line.box);
    const cell = cellAt(c, { x, y });
    if (cell < 0 || height < PART_HEIGHT * c.height) return;
    const across = Math.abs(-(x - c.cells[cell].x) * ay + (y - c.cells[cell].y) * ax);
    const inBand = across - height / 2 <= c.height / 2;
    if (across >= ACROSS[0] * c.height && across <= ACROSS[1] * c.height && inBand) out.push({ x, y, digit: Number(text) });
  });
  return out;
}

/**
 * Whether a part numeral boxed over one of the row's cells is neither the digit given for the cell
 * (`digits`, one per cell) nor one next to it: a drum part way shows two neighbouring digits.
 */
export function halvesContest(c: Row & { halfNumerals?: readonly HalfNumeral[] }, digits: string): boolean {
  return (c.halfNumerals ?? []).some((half) => {
    const cell = cellAt(c, half);
    return cell >= 0 && cell < digits.length && apartOnDrum(half.digit, Number(digits[cell]));
  });
}
