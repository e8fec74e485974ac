// Drums in doubt read by the OCR alone, one pitch wide: a sure digit the row cannot show contests it.
import type { RgbImage } from '../preprocess.js';
import { drumRow, type CounterReading } from '../counter/reader.js';
import type { WheelReading } from '../counter/wheels.js';
import { apartOnDrum, between, CERTAIN_OCR, combineDigits, rollingAt, showsNothingOf } from '../counter/combine.js';

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
  return reads.some((r, k) => r !== null && r.score >= SURE_LONE_DRUM && (apartOnDrum(r.digit, Number(digits[at[k]])) || showsNothingOf(r.digit, wheels.positions[at[k]])));
}

/**
 * Whether the OCR, reading alone a drum whose digit is in doubt, reads there a digit the row cannot
 * show: the CNN framed or saw that drum wrong. In doubt: a digit the CNN gave in place of one the OCR
 * read apart from it on the drum (a rendered mono `3`, read at 0.53 in its box and at 0.97 alone, was a
 * firm `5` to a CNN framed on its lower half: `2599.5` for `2399.5`), and a leading 0 the OCR barely
 * read, which read alone as a digit past 1 is a dim first drum (a shadowed `9`, read `0` at 0.45 and
 * seen at 9.9: `2999.999` for `92999.999`; a lone `1` may be the window's frame). A drum before the last
 * is contested by a sure digit apart from the CNN's; the last wheel by the OCR's own digit read again
 * (see AGAIN_LAST_WHEEL), not by another sure digit: a last drum cropped askew read as a `9` at 0.94 where
 * the CNN rightly saw 5.4 (`meters-dev` under `--degrade perspective-right`). A
 * `1` the CNN sees in a `0` the OCR reads (see MAX_SMEARED_ONES in combine.ts) is next to it on the drum,
 * and not contested here. A last wheel the row kept the OCR's unsure digit on, where the CNN sees it
 * rolling between two others, is read alone too (see lastRollsPastOcr): the verdict may read it at the
 * CNN's lower digit.
 */
export async function ocrContestsRow(e: Engines, img: RgbImage, counter: CounterReading, wheels: WheelReading): Promise<boolean> {
  const digits = combineDigits(counter, wheels).digits;
  const last = counter.cells.length - 1;
  const dimLead = (i: number) => i === 0 && digits[0] === '0' && counter.cells[0].score < UNSURE_LEAD;
  const rollsPastOcr = lastRollsPastOcr(counter, wheels, digits);
  const at = counter.cells.flatMap((cell, i) => (!cell.unread && (apartOnDrum(cell.digit, Number(digits[i])) || dimLead(i) || (i === last && rollsPastOcr)) ? [i] : []));
  if (at.length === 0) return false;
  const reads = await loneDrumReads(e, img, counter, at);
  return reads.some((r, k) => {
    const i = at[k];
    if (r === null) return false;
    if (i === last) return r.digit === counter.cells[i].digit && r.score >= (rollsPastOcr ? AGAIN_ROLLING_LAST : AGAIN_LAST_WHEEL);
    return r.score >= SURE_LONE_DRUM && (apartOnDrum(r.digit, Number(digits[i])) || (dimLead(i) && r.digit > 1));
  });
}

/**
 * Whether the last wheel is one the row kept the OCR's unsure digit on while the CNN sees it part way
 * between two other digits: the wheel the verdict reads at the CNN's lower digit (see
 * rollingTenthReading in decision.ts), unless the OCR, reading the drum alone, reads its digit again
 * (see AGAIN_ROLLING_LAST).
 */
function lastRollsPastOcr(counter: CounterReading, wheels: WheelReading, digits: string): boolean {
  const last = counter.cells.length - 1;
  const cell = counter.cells[last];
  const at = wheels.positions[last];
  if (!drumRow(counter) || cell.unread || cell.score >= CERTAIN_OCR || at === undefined || !rollingAt(at)) return false;
  return digits[last] === String(cell.digit) && !between(at, cell.digit);
}

/** The digit the OCR reads on each of cells `at` cropped alone (see LONE_DRUM_WIDTH), with its confidence, or null where it reads no single digit. */
export async function loneDrumReads(e: Engines, img: RgbImage, counter: CounterReading, at: number[]): Promise<({ digit: number; score: number } | null)[]> {
  const angle = Math.atan2(counter.axis[1], counter.axis[0]);
  const rects = at.map((i) => counter.cells[i]).map((cell) => ({ cx: cell.x, cy: cell.y, width: counter.pitch * LONE_DRUM_WIDTH, height: counter.height * LONE_DRUM_HEIGHT, angle }));
  const reads = await e.ocr.recognizer.recognize(img, rects);
  return reads.map((rec) => (/^\d$/.test(rec.text) ? { digit: Number(rec.text), score: rec.score } : null));
}

/** A drum the CNN alone read, cropped for the OCR to read alone: its pitch's width, a little above and below it. */
const LONE_DRUM_WIDTH = 1;
const LONE_DRUM_HEIGHT = 1.15;
/** OCR confidence at which a lone drum's digit contests the CNN's. */
const SURE_LONE_DRUM = 0.9;
/**
 * OCR confidence at which the last wheel's digit, read again alone as the OCR read it in the row,
 * stands against a digit the CNN reads apart from it on the drum: two reads of the OCR's against the
 * CNN's one, and the wheel is in doubt. The CNN sees some typefaces' `6` as a `0` rolling on (a
 * blurred serif water face's last drum at 6.3, read `6` at 0.50 in the row and 0.58 alone, seen at
 * 0.3: `59999.990` for `59999.996`). Where the CNN read `meters-dev`'s last wheels rightly in the OCR's
 * place (24 runs), the OCR alone read mostly no digit or another (a drum at 2.3, read `4` in the row and
 * `6` alone), its own at 0.35 at most but once: a drum at 5.4, the foot of its `5` over the head of its
 * `6`, may be a `2` to the OCR twice over (a shaken photo's, 0.60 in the row, 0.91 alone, in a look of a
 * photo withheld either way; a rendered one's at 5.5, 0.41 and 0.61, whose face a later look read right).
 */
const AGAIN_LAST_WHEEL = 0.5;
/**
 * OCR confidence at which the last wheel's unsure digit, read again alone, stands against a CNN that
 * sees the wheel rolling between two other digits (see lastRollsPastOcr). A drum part way shows two
 * half numerals, and the OCR reads some third digit there, unsurely: on three meters-dev registers
 * (37 looks over the 24 runs) a tenth between 1 and 2 read `5` at 0.30 to 0.86, ones at 4.3 and 5.6 read
 * `2` or `0`; read alone, each gave no digit, or another one (`3` for the `5`, the CNN's own `6`). The same
 * digit read twice is a numeral the CNN framed or saw wrong: a glared framed tenth showing its `0` over
 * its `1`, read `3` at 0.16 in the row and 0.30 alone, was 6.6 to the CNN (`71954.6` for `71954.0`).
 * A floor only, against a stray read of a blank crop.
 */
const AGAIN_ROLLING_LAST = 0.2;
/** OCR confidence under which a row's leading 0 is checked by reading its drum alone (see ocrContestsRow). */
const UNSURE_LEAD = 0.7;
