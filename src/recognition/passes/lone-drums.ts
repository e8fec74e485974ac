// Drums in doubt read by the OCR alone, one pitch wide: a sure digit the row cannot show contests it.
import type { RgbImage } from '../preprocess.js';
import type { CounterReading } from '../counter/reader.js';
import type { WheelReading } from '../counter/wheels.js';
import { apartOnDrum, combineDigits, showsNothingOf } from '../counter/combine.js';

import type { Engines } from './engines.js';

/**
 * Whether the OCR, reading each drum from `from` on alone, surely reads a digit there that the CNN's
 * is not, nor one next to it (a rolling drum shows two), or one the drum as the CNN sees it does not
 * show (a serif red `9` read `9` at 0.99 alone, seen at 0.0: `38557.00` for `38557.09`): the CNN
 * misread a drum nothing else read.
 */
export async function ocrContestsTail(e: Engines, img: RgbImage, counter: CounterReading, wheels: WheelReading, from: number): Promise<boolean> {
  const digits = combineDigits(counter, wheels).digits;
  const at = counter.cells.map((_, i) => i).slice(from);
  const reads = await loneDrumReads(e, img, counter, at);
  return reads.some((d, k) => d !== null && (apartOnDrum(d, Number(digits[at[k]])) || showsNothingOf(d, wheels.positions[at[k]])));
}

/**
 * Whether the OCR, reading alone a drum before the last whose digit is in doubt, surely reads there a
 * digit the row cannot show: the CNN framed or saw that drum wrong. In doubt: a digit the CNN gave in
 * place of one the OCR read apart from it on the drum (a rendered mono `3`, read at 0.53 in its box
 * and at 0.97 alone, was a firm `5` to a CNN framed on its lower half: `2599.5` for `2399.5`), and a
 * leading 0 the OCR barely read, which read alone as a digit past 1 is a dim first drum (a shadowed
 * `9`, read `0` at 0.45 and seen at 9.9: `2999.999` for `92999.999`; a lone `1` may be the window's
 * frame). A `1` the CNN sees in a `0` the OCR reads (see MAX_SMEARED_ONES in combine.ts) is next to
 * it on the drum, and not contested here.
 */
export async function ocrContestsRow(e: Engines, img: RgbImage, counter: CounterReading, wheels: WheelReading): Promise<boolean> {
  const digits = combineDigits(counter, wheels).digits;
  const last = counter.cells.length - 1;
  const dimLead = (i: number) => i === 0 && digits[0] === '0' && counter.cells[0].score < UNSURE_LEAD;
  const at = counter.cells.flatMap((cell, i) => (i < last && !cell.unread && (apartOnDrum(cell.digit, Number(digits[i])) || dimLead(i)) ? [i] : []));
  if (at.length === 0) return false;
  const reads = await loneDrumReads(e, img, counter, at);
  return reads.some((d, k) => d !== null && (apartOnDrum(d, Number(digits[at[k]])) || (dimLead(at[k]) && d > 1)));
}

/** The digit the OCR surely reads on each of cells `at` cropped alone (see LONE_DRUM_WIDTH), or null. */
export async function loneDrumReads(e: Engines, img: RgbImage, counter: CounterReading, at: number[]): Promise<(number | null)[]> {
  const angle = Math.atan2(counter.axis[1], counter.axis[0]);
  const rects = at.map((i) => counter.cells[i]).map((cell) => ({ cx: cell.x, cy: cell.y, width: counter.pitch * LONE_DRUM_WIDTH, height: counter.height * LONE_DRUM_HEIGHT, angle }));
  const reads = await e.ocr.recognizer.recognize(img, rects);
  return reads.map((rec) => (/^\d$/.test(rec.text) && rec.score >= SURE_LONE_DRUM ? Number(rec.text) : null));
}

/** A drum the CNN alone read, cropped for the OCR to read alone: its pitch's width, a little above and below it. */
const LONE_DRUM_WIDTH = 1;
const LONE_DRUM_HEIGHT = 1.15;
/** OCR confidence at which a lone drum's digit contests the CNN's. */
const SURE_LONE_DRUM = 0.9;
/** OCR confidence under which a row's leading 0 is checked by reading its drum alone (see ocrContestsRow). */
const UNSURE_LEAD = 0.7;
