// Drums in separate windows whose row the OCR read without a decimal cue: the last drum read may be
// an unmarked tenth, or the row may go on in a smaller window of its own (the tenths drum of many
// electricity meters, set apart from the whole-kWh drums and often too small or too rolled for the
// detector to box). The row is read again a pitch and a half further: one more digit a pitch past
// the last one says the row read is not the whole register, so its last drum is not the tenth.
import type { RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import { charOffset } from '../ocr/ctc.js';
import type { RecognizeRects } from './extend.js';
import { rowStrip, type CounterReading } from './reader.js';

/** How far before the first cell and past the last cell the re-read strip reaches, in pitches. */
const BEFORE = 0.6;
const AFTER = 1.5;
/** Strip height, in cell heights. */
const HEIGHT = 1.15;
/** Where the further drum's digit must lie, in pitches past the last cell's centre. */
const NEAREST = 0.6;
const FARTHEST = 1.4;
/** A lone '1' right past the row is as likely the next window's frame: it must be read this surely. */
const FRAME_ONE_SCORE = 0.9;

/** The strip along the row from just before its first cell to a pitch and a half past its last. */
export function beyondStrip(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>): RotatedRect {
  return rowStrip(c, BEFORE, AFTER, HEIGHT);
}

/**
 * How far past the last cell's centre, in pitches, the one more digit lies when the re-read strip
 * holds exactly the row's digits and then that digit, about a pitch past the last one; null when it
 * holds anything else (`rec` is the strip's recognition, `strip` the rectangle it was read from).
 */
export function furtherDrumAt(c: Pick<CounterReading, 'digits' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): number | null {
  const text = rec.text.replace(/\s/g, '');
  if (text.length !== c.digits.length + 1 || !text.startsWith(c.digits)) return null;
  const extra = text[text.length - 1];
  if (extra < '0' || extra > '9') return null;
  const i = rec.text.lastIndexOf(extra);
  // Offsets are from the strip's centre; the last cell sits AFTER pitches before the strip's end.
  const past = (charOffset(rec, i, strip.width) - strip.width / 2) / c.pitch + AFTER;
  if (past < NEAREST || past > FARTHEST) return null;
  return extra !== '1' || (rec.charScores[i] ?? rec.score) >= FRAME_ONE_SCORE ? past : null;
}

/** Whether the re-read strip holds exactly the row's digits and then one more digit, about a pitch past the last one. */
export function furtherDrumRead(c: Pick<CounterReading, 'digits' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): boolean {
  return furtherDrumAt(c, strip, rec) !== null;
}

/** How far past the last cell the strip that looks for a second further drum reaches, in pitches. */
const SECOND_AFTER = 2.6;
/** Where a second further drum must lie, in pitches past the last cell's centre. */
const SECOND_NEAREST = 1.6;
/**
 * How surely it must be read: past a tenth set apart lie its window's edge and the plate's marks,
 * read as digits at 0.16 to 0.42 (a Fuji register's `1089504`, a Taiwanese one's `0310401`).
 */
const SECOND_SURE = 0.7;

/**
 * Whether the re-read of a strip reaching SECOND_AFTER pitches past the row holds the row's digits
 * and then two more digits or more, the second of them surely, a second pitch on: the row goes on past the
 * further drum, which is then no tenth set apart but the next of the row's own drums (a small
 * rendered register's `5639`, read with its next `9` past it, was taken for the whole kWh of
 * `5639999.7`).
 */
export function rowGoesOn(c: Pick<CounterReading, 'digits' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): boolean {
  const chars = [...rec.text].map((ch, i) => ({ ch, i })).filter(({ ch }) => !/\s/.test(ch));
  const text = chars.map(({ ch }) => ch).join('');
  const k = c.digits.length + 1;
  if (!text.startsWith(c.digits) || !/^\d\d$/.test(text.slice(k - 1, k + 1))) return false;
  const past = (charOffset(rec, chars[k].i, strip.width) - strip.width / 2) / c.pitch + SECOND_AFTER;
  return past >= SECOND_NEAREST && (rec.charScores[chars[k].i] ?? rec.score) >= SECOND_SURE;
}

/**
 * Where a drum the OCR did not read follows the row, about a pitch past its last digit, and ends it
 * (in pitches past the last cell's centre); null where none does. A row read on past it, two pitches
 * on, is a row the OCR read only part of.
 */
export async function drumBeyond(c: CounterReading, recognize: RecognizeRects): Promise<number | null> {
  if (c.cells.length < 2) return null;
  const strip = beyondStrip(c);
  const further = rowStrip(c, BEFORE, SECOND_AFTER, HEIGHT);
  const [rec] = await recognize([strip]);
  const past = rec === undefined ? null : furtherDrumAt(c, strip, rec);
  if (past === null) return null;
  const [on] = await recognize([further]);
  return on === undefined || !rowGoesOn(c, further, on) ? past : null;
}
