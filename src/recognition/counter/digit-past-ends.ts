// A seven-segment display's digit just past the detector's box: a `1` is its cell's right-hand
// segments alone, thin and a third of a pitch off its cell's centre, and a first digit may be boxed
// apart from the row (with a tariff code above it). The pixel signs (plain-row.ts) search a strip a
// pitch past either end, which such a digit may straddle; the OCR, reading the row on past both ends,
// sees it as the digit it is.
import { charOffset } from '../ocr/ctc.js';
import type { RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import type { RecognizeRects } from './extend.js';
import { rowStrip, type CounterReading } from './reader.js';
import { litWithin } from './unlit-segments.js';

/** How far past either end cell the re-read strip reaches, in pitches. */
const REACH = 2;
/** Strip height, in cell heights. */
const HEIGHT = 1.15;
/**
 * Where a further digit must lie, in pitches from the end cell's centre: a pitch on, give or take the
 * third of a pitch a `1` sits off its cell's centre and the tenth or two the OCR places cells off.
 */
const NEAREST = 0.6;
const FARTHEST = 1.75;
/**
 * Before the first cell, a little farther: a display's first digit boxed apart from the rest leaves the
 * row's pitch to its lit digits, and a `1` first among them puts the row's start a third of a pitch on (a
 * warm-lit `2143.6`: its `2`, boxed apart, 1.81 pitches before the `1` of `143.6`). The strip is not
 * widened for it: a wider one is read otherwise past the row's end.
 */
const FARTHEST_BEFORE = 1.9;
/** A lone `1` past the row is as likely the display's frame: it must be read this surely. */
const FRAME_ONE_SCORE = 0.9;
/** Any other digit there this surely: the unit's first letter past the row read as `0` at 0.38 (`kWh`). */
const DIGIT_SCORE = 0.5;

type Row = Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height' | 'digits'>;

/** The strip along the row from REACH pitches before its first cell to REACH pitches past its last. */
export function endsStrip(c: Omit<Row, 'digits'>): RotatedRect {
  return rowStrip(c, REACH, REACH, HEIGHT);
}

/**
 * Where the re-read of `strip` (see endsStrip) holds the row's digits once with one more digit right
 * before (other than a 0) or right after them, read surely, about a pitch from the end cell: each such
 * digit's place, in pitches from the row's first cell along its axis (negative before it). A display's
 * point is no digit; a unit after the row (`kWh`) is no digit either.
 */
export function digitsPastEnds(c: Pick<Row, 'digits' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): number[] {
  const chars = [...rec.text].map((ch, i) => ({ ch, i })).filter(({ ch }) => !/[\s.,]/.test(ch));
  const text = chars.map(({ ch }) => ch).join('');
  const at = rowAt(text, c.digits);
  if (at < 0) return [];
  /** Pitches from the strip's start to character k of `chars`. */
  const along = (k: number) => (charOffset(rec, chars[k].i, strip.width) + strip.width / 2) / c.pitch;
  const further = (k: number, away: number, farthest = FARTHEST) =>
    /\d/.test(text[k]) && away >= NEAREST && away <= farthest && (rec.charScores[chars[k].i] ?? rec.score) >= (text[k] === '1' ? FRAME_ONE_SCORE : DIGIT_SCORE);
  const places: number[] = [];
  const before = at - 1;
  // A left-out leading 0 changes no reading (a display's `008698` read `08698`).
  if (before >= 0 && text[before] !== '0' && !/\d/.test(text[before - 1] ?? '') && further(before, REACH - along(before), FARTHEST_BEFORE)) places.push(along(before) - REACH);
  const after = at + c.digits.length;
  const lastAt = strip.width / c.pitch - REACH;
  if (after < text.length && !/\d/.test(text[after + 1] ?? '') && further(after, along(after) - lastAt)) places.push(along(after) - REACH);
  return places;
}

/**
 * Where the row's digits stand in the re-read's text, once: as read, or else with segments the display
 * shows unlit taken for lit ones (a heat meter's `194298` re-read `88942981`, its `1` an `8`), the
 * fewest digits so taken (blank digits' ghost `8`s before a row hold any digits: a glared gas display's
 * `15.55` re-read `8.8.85.558`, which holds `1555` three ways); -1 if not once.
 */
function rowAt(text: string, digits: string): number {
  const at = text.indexOf(digits);
  if (at >= 0) return text.indexOf(digits, at + 1) < 0 ? at : -1;
  const holds = (k: number) => [...digits].every((d, j) => /\d/.test(text[k + j]) && litWithin(Number(d), Number(text[k + j])));
  const misread = (k: number) => [...digits].filter((d, j) => text[k + j] !== d).length;
  const found = [...Array(Math.max(0, text.length - digits.length + 1)).keys()].filter(holds);
  const fewest = Math.min(...found.map(misread));
  const best = found.filter((k) => misread(k) === fewest);
  return best.length === 1 ? best[0] : -1;
}

/**
 * Whether the OCR reads a digit right past either end of the row, which the row left out; not one
 * `faint` says is as faint as unlit segments (a blank digit's ghost `8`, read at full confidence).
 */
export async function digitPastEnd(c: CounterReading, recognize: RecognizeRects, faint: (centre: { x: number; y: number }) => boolean): Promise<boolean> {
  if (c.cells.length < 2) return false;
  const strip = endsStrip(c);
  const [rec] = await recognize([strip]);
  const [first] = c.cells;
  // A ghost `8` before the row is no digit, and says nothing of one past its end.
  return (rec === undefined ? [] : digitsPastEnds(c, strip, rec)).some((at) => !faint({ x: first.x + c.axis[0] * c.pitch * at, y: first.y + c.axis[1] * c.pitch * at }));
}
