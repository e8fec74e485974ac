// Where the second, finer look at a meter goes when the first pass withheld the reading: around a
// line of drum multiplier marks (printed right under or over the drums, so the drums are there
// even when the row found was something else), else around the counter row it found (drums it
// missed, red tails and scale marks lie along and beside it), else around all the text it found
// (the meter). Only that part is detected again.
import { soleDigit } from './counter/combine.js';
import type { CounterReading } from './counter/reader.js';
import { mergedMarkExponents } from './counter/scale-marks.js';
import type { OcrLine } from './ocr/types.js';

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Pitches beyond either end of the row, and row heights above/below it, that the crop keeps. */
const ALONG_MARGIN = 4;
const ACROSS_MARGIN = 3;
/** Share of the text's extent added on each side of it. */
const TEXT_MARGIN = 0.15;

/** Mark-line heights above and below a multiplier-mark line, and mark pitches beyond its ends. */
const MARKS_ACROSS = 6;
const MARKS_ALONG = 4;

/** A line of three or more multiplier marks ("10000 1000 100", "1000 100 10 1 1/10"). */
function marksLine(lines: OcrLine[]): { line: OcrLine; count: number } | null {
  for (const line of lines) {
    const exps = mergedMarkExponents(line.text);
    if (exps) return { line, count: exps.length };
  }
  return null;
}

/**
 * Whether a counter row is just the nameplate serial read as a digit row, or six or more of its
 * digits in a row (a serial `12-1533308` whose first 1, before a wide gap, the row left out as the
 * frame's edge, read `21533308`).
 */
export function isSerialRow(c: CounterReading, serial: string): boolean {
  const s = serial.replace(/\D/g, '');
  return s.length >= 5 && (c.digits.includes(s) || (c.digits.length >= MIN_SERIAL_PART && s.includes(c.digits)));
}

/** Fewest digits of the serial a row must repeat to be taken for part of it. */
const MIN_SERIAL_PART = 6;

export function secondLookRegion(size: { width: number; height: number }, counter: CounterReading | null, lines: OcrLine[], along = ALONG_MARGIN): Region {
  const clip = (r: Region): Region => ({
    x0: Math.max(0, Math.floor(r.x0)),
    y0: Math.max(0, Math.floor(r.y0)),
    x1: Math.min(size.width, Math.ceil(r.x1)),
    y1: Math.min(size.height, Math.ceil(r.y1)),
  });
  const marks = marksLine(lines);
  if (marks) {
    const b = marks.line.box;
    const xs = b.map((p) => p[0]);
    const ys = b.map((p) => p[1]);
    const h = Math.hypot(b[3][0] - b[0][0], b[3][1] - b[0][1]);
    const along = (MARKS_ALONG * Math.hypot(b[1][0] - b[0][0], b[1][1] - b[0][1])) / marks.count;
    return clip({ x0: Math.min(...xs) - along, y0: Math.min(...ys) - MARKS_ACROSS * h, x1: Math.max(...xs) + along, y1: Math.max(...ys) + MARKS_ACROSS * h });
  }
  if (counter && counter.cells.length) {
    const [ax, ay] = counter.axis;
    const [nx, ny] = [-ay, ax];
    const first = counter.cells[0];
    const last = counter.cells[counter.cells.length - 1];
    const a = along * counter.pitch;
    const b = ACROSS_MARGIN * counter.height;
    const corners = [first, last].flatMap((c, i) => {
      const s = i === 0 ? -a : a;
      return [1, -1].map((t) => [c.x + s * ax + t * b * nx, c.y + s * ay + t * b * ny]);
    });
    return clip({
      x0: Math.min(...corners.map((p) => p[0])),
      y0: Math.min(...corners.map((p) => p[1])),
      x1: Math.max(...corners.map((p) => p[0])),
      y1: Math.max(...corners.map((p) => p[1])),
    });
  }
  const pts = lines.flatMap((l) => l.box);
  if (!pts.length) return { x0: 0, y0: 0, x1: size.width, y1: size.height };
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const mx = (x1 - x0) * TEXT_MARGIN;
  const my = (y1 - y0) * TEXT_MARGIN;
  return clip({ x0: x0 - mx, y0: y0 - my, x1: x1 + mx, y1: y1 + my });
}

/** How far past either end of a row (in pitches) the drums it may have left out are looked for. */
const ENDS_REACH = 1.5;

/**
 * Whether a row read in the crop `region` of a photo of `size` ends, on either side, within
 * ENDS_REACH pitches of a crop edge that is not the photo's: a drum the OCR left out there, or a red
 * drum past the end, was cut off by the crop and cannot be looked for (a finer look at a red-band
 * row the first pass had read in part read `3343.125` for `63343.125`, its first drum outside the crop).
 */
export function cutByCrop(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch'>, region: Region, size: { width: number; height: number }): boolean {
  if (!c.cells.length) return false;
  const [ax, ay] = c.axis;
  const reach = ENDS_REACH * c.pitch;
  const first = c.cells[0];
  const last = c.cells[c.cells.length - 1];
  const ends = [
    [first.x - ax * reach, first.y - ay * reach],
    [last.x + ax * reach, last.y + ay * reach],
  ];
  const [w, h] = [region.x1 - region.x0, region.y1 - region.y0];
  return ends.some(([x, y]) => (x < 0 && region.x0 > 0) || (y < 0 && region.y0 > 0) || (x > w && region.x1 < size.width) || (y > h && region.y1 < size.height));
}

/** A first-pass digit the OCR was this sure of stands against a second look's other digit. */
const SURE_DIGIT = 0.8;
/** How near (in pitches of the first pass's row) a second look's digit must lie to be the same drum or LCD digit. */
const SAME_PLACE = 0.35;

/**
 * Whether a second look read a digit other than one the first pass was sure of at the same place
 * in the photo: one of the two passes misread it, and nothing says which (a blurred LCD's 7 read as
 * a sure 7 at the working scale and as a sure 1 at a coarser one). Sure: the OCR's score is high and
 * the digit-wheel CNN, where it read the row, saw the same digit (where it did not, the first pass's
 * doubt is what the second look is for). `origin` is where the second look's image (a crop) lies in
 * the first pass's. A digit the two readers did not agree on binds a later look too where the CNN read
 * it firmly (see soleDigit): the look may read the OCR's digit or the CNN's, not a third that neither saw (a
 * shadowed LCD's `7`, read `1` at 0.71 by the OCR and `7` by the CNN, was read as a sure `3` by a
 * widened strip, its unlit segments taken for lit ones: 3260.7 for 7260.70).
 */
export function contradictsFirstPass(
  first: { counter: CounterReading | null; wheels: { digits: number[]; probabilities?: ArrayLike<number>[] } | null },
  found: CounterReading,
  origin = { x: 0, y: 0 },
): boolean {
  const { counter, wheels } = first;
  if (!counter) return false;
  const near = SAME_PLACE * counter.pitch;
  const sure = counter.cells.flatMap((f, i) => {
    if (f.score >= SURE_DIGIT && (!wheels || wheels.digits[i] === f.digit)) return [{ ...f, digits: [f.digit] }];
    const p = wheels?.probabilities?.[i];
    const cnn = p ? soleDigit(p) : null;
    return cnn === null ? [] : [{ ...f, digits: [f.digit, cnn] }];
  });
  return found.cells.some((c) => {
    const same = sure.find((f) => Math.hypot(f.x - c.x - origin.x, f.y - c.y - origin.y) <= near);
    return same !== undefined && !same.digits.includes(c.digit);
  });
}

/** Lowest OCR confidence of a later look's leading digit other than 0 (see unsureLead). */
const LEAD_DIGIT_SCORE = 0.9;

/**
 * Whether a later look's row begins with a digit other than 0 that the OCR is unsure of: a strip wider
 * than the drums takes in the window frame or the carrier's edge, which reads as a `1` on the row's
 * pitch (a leading 0, read or seen as a look-alike letter, changes no value).
 */
export function unsureLead(c: Pick<CounterReading, 'cells'>): boolean {
  const first = c.cells[0];
  return first !== undefined && first.digit !== 0 && first.score < LEAD_DIGIT_SCORE;
}
