// Checks the OCR digits of the counter against the digit-wheel CNN, cell by cell. A wheel the CNN
// sees between two digits agrees with either; the OCR digit is kept (the CNN's tenths are biased
// by a tenth or two, so letting them decide the carry turns a steady 4 into a 3).
import { composeDigits } from '../digit-classifier.js';
import type { CounterReading } from './reader.js';
import type { DigitCell } from './window.js';
import type { WheelReading } from './wheels.js';

/** Wheel positions this close to a whole digit count as sitting on it (the CNN jitters by a tenth). */
const SNAP = 0.25;

const LAST_WHEEL_LOWER_BELOW = 0.6;
/**
 * A wheel before the last that the CNN sees less than this far on to the OCR's digit does not show
 * it. On meters-dev and its variants the OCR never read such a wheel's next digit (the CNN's low
 * bias is a tenth or two); on rendered 6+1 registers it read a drum at 3.5, mid-carry behind a last
 * drum at 9.5, as 4, and the reading came out a whole kWh high.
 */
const HALF_WAY = 0.5;
/** How far short of LAST_WHEEL_LOWER_BELOW a last wheel may already show its next digit (the CNN reads a tenth or two low). */
const LAST_WHEEL_UNDECIDED = 0.05;

/** OCR digits below this confidence need the CNN's firm support; above it, only a clear veto counts. */
const UNSURE_OCR = 0.7;
/** Lowest OCR confidence a digit may have at all. */
const MIN_OCR = 0.2;
/** CNN mass on the positions that show digit d (d-0.3 .. d+0.9) needed to confirm an unsure OCR digit. */
const FIRM_SUPPORT = 0.75;
/** CNN mass that lets a confident OCR digit stand although the CNN's single best position differs. */
const AGREE_SUPPORT = 0.6;

/** CNN support for the next digit that makes an unsure OCR digit's support ambiguous. */
const AMBIGUOUS_NEXT = 0.5;
/** CNN support below which an unsure OCR digit is no evidence at all... */
const OCR_OVERRULED = 0.25;
/** ... and the CNN reads the wheel alone when it puts this much mass on exactly one digit. */
const SOLE_SUPPORT = 0.9;

/**
 * Digits before the last wheel the CNN may read in place of the OCR in one row. A second such digit
 * means the row is not what the OCR saw, and the CNN alone is then wrong too often: under
 * `--degrade tilt` a gas row had two replaced, `7` -> `1` rightly and `4` -> `1` where the drum shows
 * `7` (its 1/7 confusion), and gave a wrong reading.
 */
const MAX_REPLACED = 1;

/**
 * A thin `1` between its window's dark edges, smeared across by a shaken or slanted shot, is a `0` to
 * the OCR, and a sure one (0.94 and 0.99 on a PAFAL row shaken sideways by a 120th of the photo, its
 * `0134210` read `0034200`), while the CNN, trained on such drums, still sees it sitting on 1. Not the
 * row's first cell, which may hold its window's frame, a 1 to the CNN (a KEC register's `00000`, turned
 * upside down and back, came out `10000.4`), nor its last, which may roll. A row may have this many such
 * `1`s given by the CNN, besides MAX_REPLACED.
 */
const MAX_SMEARED_ONES = 2;

/**
 * The CNN's classic drum confusions (1/7, 4/7). Across such a pair it may read a wheel in place of
 * the OCR only when the OCR digit is barely read: under `--degrade jpeg` it turned an Itelma red
 * drum's 1, read by the OCR at 0.67, into a confident 7 and gave a wrong reading; the rightful such
 * replacements on meters-dev and its variants were of OCR digits read at 0.19 to 0.32.
 */
const CONFUSED = new Set(['1,7', '7,1', '4,7', '7,4']);
const CONFUSED_REPLACE_BELOW = 0.5;

/**
 * The OCR has a 1/7 confusion of its own: a typeface whose 1 has a long flag (a monospaced drum
 * face's) is a 7 to it, surely (0.95 on a rendered gas register's red `1`, which the CNN read firmly
 * as 1: `15885.37` for `15885.310`). Where the CNN firmly reads 1 on a wheel the OCR surely read as 7,
 * each reader's confusion meets the other's, and neither overrules.
 */
function flaggedOne(ocr: number, p: ArrayLike<number> | undefined, snappedPosition: number): boolean {
  return ocr === 7 && p !== undefined && firmDigit(p, snappedPosition) === 1;
}

/** Whether digits `a` and `b` are one of the CNN's classic drum confusions. */
export function cnnConfuses(a: number, b: number): boolean {
  return CONFUSED.has(`${a},${b}`);
}

/** Whether digits `a` and `b` are neither the same nor neighbours on a drum (a drum part way shows two; 9 is next to 0). */
export function apartOnDrum(a: number, b: number): boolean {
  const gap = (a - b + 10) % 10;
  return gap > 1 && gap < 9;
}

/**
 * Whether a drum the CNN sees at `position` shows nothing of digit `d`: a drum shows `d` from d - 1
 * to d + 1, exclusive (at 8.5 half an 8 and half a 9; at 0.0 no 9).
 */
export function showsNothingOf(d: number, position: number): boolean {
  return drumDistance(position, d) >= 1;
}

/** How far apart two wheel positions are round a drum (9.5 and 0.5 are one step apart). */
export function drumDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 10;
  return Math.min(d, 10 - d);
}

/**
 * A thin 1 between its window's dark edges looks like a 0 to the CNN: it may read a 1 as 0 in the
 * OCR's place only as it may across its classic confusions (a slanted PAFAL row's `1`, read by the
 * OCR at 0.68, became a `0`: 3420 for 13420.0). Not counted among those confusions where a sure OCR
 * digit vetoes the CNN (see combineDigits): a CNN that reads a sure 1 as 0 misread its row. (Not a `6`
 * it reads as `0`: a rendered condensed `6` boxed askew, read at 0.5 and seen at 9.9, gave `723003.8`
 * for `723603.8`, but a shaken PAFAL's `0`, read `6` at 0.57, is rightly the CNN's.)
 */
const REPLACED_ONLY_BELOW = new Set([...CONFUSED, '1,0']);

/** Whether the CNN's `cnn` may stand for the OCR's `ocr`, read at `score`. */
function mayReplace(ocr: number, cnn: number, score: number): boolean {
  return score < CONFUSED_REPLACE_BELOW || !REPLACED_ONLY_BELOW.has(`${ocr},${cnn}`);
}

/** The one digit the CNN firmly supports, or null when none or two (a wheel between digits). */
export function soleDigit(p: ArrayLike<number>): number | null {
  const firm = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => digitSupport(p, d) >= SOLE_SUPPORT);
  return firm.length === 1 ? firm[0] : null;
}

/**
 * The CNN's sole digit (see soleDigit), unless its best position sits on another: a wheel at 0.8
 * snaps to 1 but counts as showing 0. A rendered water row's red `1`, read by the OCR as `7` at
 * 0.42 and by a misframed CNN at 0.8, was turned into a `0` and gave a wrong reading.
 */
function firmDigit(p: ArrayLike<number>, snappedPosition: number): number | null {
  const d = soleDigit(p);
  return d !== null && (snappedPosition !== Math.round(snappedPosition) || d === snappedPosition) ? d : null;
}

export interface Combined {
  digits: string;
  /** Cells where OCR and CNN disagree. */
  disagreements: number;
  /** Cells where a near-certain OCR digit was kept against the CNN (see CERTAIN_OCR). */
  overruled: number;
}

/**
 * OCR confidence at which a digit stands against the CNN on a whole-digit wheel. On meters-dev the
 * OCR read 0 of 959 such counter digits wrong, while the CNN vetoed 8 of them, confidently, with
 * the classic drum confusions (1/7, 4/7). Never for the last wheel, whose half-rolls only the CNN sees.
 */
export const CERTAIN_OCR = 0.95;

/**
 * From this far on, a last wheel the OCR reads as its next digit is undecided: the CNN, a tenth or
 * two low, sees it half way, and the OCR sees the next digit more than the lower one (an Elster's last
 * red `7`, seen from below right at 6.5: `2669.586` for `2669.587`). Further on, the OCR's digit
 * stands (see ocrNextOfLastWheel).
 */
const LAST_WHEEL_OCR_NEXT_FROM = 0.45;

/**
 * Whether a last wheel may show its next digit: from just short of LAST_WHEEL_LOWER_BELOW on, a
 * reader may write down the next digit (the CNN reads low), so without an OCR digit to say which,
 * the CNN's lower digit is no reading (a tilted Itelma's last red drum, which the OCR barely read as
 * `0` and the CNN saw at 8.7, gave `487.238` for `487.239`).
 */
function lastWheelMayShowNext(position: number): boolean {
  return position - Math.floor(position) > LAST_WHEEL_LOWER_BELOW - LAST_WHEEL_UNDECIDED;
}

/**
 * Whether the OCR's `o` is the next digit of a last wheel the CNN sees far enough on to show it (see
 * lastWheelMayShowNext): however unsure the OCR, the CNN has narrowed the wheel to two digits a reader
 * may write down, and the OCR, reading the window as a whole, says which shows more. A Toloka meter's
 * last red drum, which the CNN sees at 7.6 and the OCR barely reads as `8` (0.38), is labelled `8`
 * (`550.348`), as is every last wheel on meters-dev that the CNN sees 0.6 or more past a digit.
 */
function ocrNextOfLastWheel(position: number, o: number): boolean {
  return rollingAt(position) && o === (Math.floor(position) + 1) % 10 && lastWheelMayShowNext(position);
}

export function snapPosition(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) <= SNAP ? r % 10 : v;
}

/** Whether a wheel the CNN sees at `position` is part way between two digits (not near enough one to snap to it). */
export function rollingAt(position: number): boolean {
  const snapped = snapPosition(position);
  return snapped !== Math.round(snapped);
}

/** Whether the wheel right of wheel `i` is part way from 9 to 0 (carrying wheel `i` along). */
export function carrying(snapped: number[], i: number): boolean {
  const right = snapped[i + 1];
  return right !== undefined && Math.floor(right) === 9 && right !== 9;
}

/** Whether digit `d` is one of the two a wheel at `v` (0.0-9.9) shows: its lower digit or the next. */
export function between(v: number, d: number): boolean {
  const f = Math.floor(v);
  return d === f || d === (f + 1) % 10;
}

/**
 * Probability mass on the wheel positions at which a drum can show digit `d`: from just before it
 * (the CNN's low bias) to almost the next digit (a rolling wheel is read as the lower digit).
 */
export function digitSupport(p: ArrayLike<number>, d: number): number {
  let mass = 0;
  for (let k = -3; k <= 9; k++) mass += p[(d * 10 + k + 100) % 100];
  return mass;
}

type Wheels = Pick<WheelReading, 'positions'> & { probabilities?: ArrayLike<number>[] };

/** How far apart two reads of one drum may put it (in digit steps, round the wheel) and still agree. */
const SAME_DRUM = 1.5;
/**
 * OCR confidence at which the other strip's digit vouches for a drum two reads put apart where the
 * reading's digit there is the CNN's, not its own OCR's: one barely read is then the same guess (both
 * strips of a tilted Actaris read its rolling `7` as `1` or `4` at about 0.3, the CNN at 1.0 in one and
 * 7.2 in the other: `7197.127` for `07797.127`). Where the reading's OCR read that digit too, the other's
 * vouches at any score (an Elster's `9` read at 0.48 and seen as a 6 in the other strip, under `dark`).
 */
const VOUCHING_OCR = 0.5;

/**
 * Whether another read of a drum row over a strip of its own leaves the reading one read gave
 * (`read`, its counter and wheels) unquestioned: wherever the CNN puts a drum a step and a half or
 * more apart in the two, the other strip's OCR must have read the digit the reading gives there (not
 * barely, where that digit is the CNN's: see VOUCHING_OCR). A tilted Actaris's rolling `7`, read `1` at
 * 0.30 by the OCR and seen at 1.0 by the CNN in one strip, read `4` and seen at 7.2 in the other, is in
 * doubt (`7197.127` for `07797.127`); a `9` both strips' OCR read at 0.9, which the CNN saw as a 6 in one
 * of them, is not. Rows of other lengths or decimals are not known to be the same drums, and do not count.
 */
export function drumsAgree(read: { counter: CounterReading; wheels: Wheels | null }, other: { counter: CounterReading; wheels: Wheels | null }): boolean {
  if (!read.wheels || !other.wheels || read.counter.cells.length !== other.counter.cells.length || read.counter.decimals !== other.counter.decimals) return true;
  const [p, q] = [read.wheels.positions, other.wheels.positions];
  const given = combineDigits(read.counter, read.wheels).digits;
  return p.every((v, i) => {
    const [own, vouch] = [read.counter.cells[i], other.counter.cells[i]];
    const ownRead = !own.unread && String(own.digit) === given[i];
    return drumDistance(v, q[i]) < SAME_DRUM || (String(vouch.digit) === given[i] && (ownRead || vouch.score >= VOUCHING_OCR));
  });
}

/** How surely another strip's OCR must read a digit to question a reading (the rendered `069003`: 0.83 at least). */
const SURE_OTHER_DIGIT = 0.8;
/** How far apart, in pitches, the first and the last cells of two strips over the same drums may lie. */
const SAME_PLACE = 0.5;

/**
 * Whether `other`, a strip read as a row of as many cells over the same drums, surely reads a digit
 * the reading from `read` does not give there, before its last drum (which may roll).
 */
export function surelyReadOtherwise(read: { counter: CounterReading; wheels: Wheels | null }, other: CounterReading): boolean {
  const own = read.counter.cells;
  const cells = other.cells;
  if (!read.wheels || own.length !== cells.length) return false;
  const near = (a: DigitCell, b: DigitCell) => Math.hypot(a.x - b.x, a.y - b.y) <= SAME_PLACE * read.counter.pitch;
  if (!near(own[0], cells[0]) || !near(own[own.length - 1], cells[cells.length - 1])) return false;
  const given = combineDigits(read.counter, read.wheels).digits;
  return cells.some((c, i) => i < cells.length - 1 && !c.unread && c.score >= SURE_OTHER_DIGIT && String(c.digit) !== given[i]);
}

export function combineDigits(counter: CounterReading, wheels: Wheels): Combined {
  const { digits, disagreements, overruled } = combine(counter, wheels);
  return { digits, disagreements, overruled };
}

/**
 * Whether the CNN settles every cell from `from` on, cell by cell as combineDigits judges them: reads
 * each the OCR read no digit on, and agrees with (or firmly replaces) each digit the OCR read. A sure
 * OCR digit elsewhere that says the CNN misread the row does not unsettle them: the question is whether
 * those drums can be read at all (see examineRow in passes/see.ts).
 */
export function cnnSettles(counter: CounterReading, wheels: Wheels, from: number): boolean {
  const { disagreedAt } = combine(counter, wheels);
  return [...disagreedAt].every((i) => i < from);
}

/** Whether the CNN settles cell `i`, as cnnSettles judges each cell. */
export function cnnSettlesAt(counter: CounterReading, wheels: Wheels, i: number): boolean {
  return !combine(counter, wheels).disagreedAt.has(i);
}

function combine(counter: CounterReading, wheels: Wheels): Combined & { disagreedAt: Set<number> } {
  const snapped = wheels.positions.map(snapPosition);
  const composed = composeDigits(snapped).digits;
  const last = counter.cells.length - 1;
  // A rolling last wheel the OCR read as either digit it is between is read alike: no sign of a CNN off the row
  // (a gas row's last wheel at 2.7, read `3`, let a box starting half way across a `9`, read `1` at
  // 0.98, overrule the CNN's firm 9: `85199.993` for `85999.992`).
  const alike = (k: number) =>
    composed[k] === counter.cells[k].digit ||
    (k === last && rollingAt(wheels.positions[k]) && between(snapped[k], counter.cells[k].digit));
  /** Whether the CNN reads a cell other than `i` unlike the OCR. */
  const offElsewhere = (i: number) => counter.cells.some((_, k) => k !== i && !alike(k));
  let overruled = 0;
  let replaced = 0;
  let smearedOnes = 0;
  const firstSignificant = counter.cells.findIndex((cell) => cell.digit !== 0 || cell.unread);
  // Digits the CNN reads in place of a near-certain OCR digit across its classic confusions in this
  // row: it sees them in the other digit's strokes here, and its reading of them vouches for nothing
  // (a tilted face's red `1`, read `7` at 0.45 by the OCR, and a black `1` read at 1.00 were both 7s
  // to the CNN: `30401.97` for `30401.910`).
  const seenInOthers = new Set<number>();
  counter.cells.forEach((cell, k) => {
    if (!cell.unread && cell.score >= CERTAIN_OCR && cnnConfuses(cell.digit, composed[k])) seenInOthers.add(composed[k]);
  });
  const replacedAt: number[] = [];
  const agreedAt: number[] = [];
  // Cells where OCR and CNN disagree, each judged on its own.
  const disagreedAt = new Set<number>();
  // A near-certain OCR digit overruled the CNN outside its classic confusions (see below).
  let misread = false;
  const disagree = (i: number) => disagreedAt.add(i);
  const replace = (i: number, d: number) => {
    replacedAt.push(i);
    return d;
  };
  const digits = counter.cells.map((cell, i) => {
    const o = cell.digit;
    const c = composed[i];
    const p = wheels.probabilities?.[i];
    const support = p ? digitSupport(p, o) : o === c ? 1 : 0;
    const unsure = cell.score < UNSURE_OCR;
    // An unsure OCR digit backed by a wheel that is as likely showing the next digit (the CNN
    // reads a tenth or two low) is no confirmation either.
    const nextToo = p !== undefined && digitSupport(p, (o + 1) % 10) >= AMBIGUOUS_NEXT;
    const rolling = rollingAt(wheels.positions[i]);
    if (cell.unread) {
      // No OCR digit to check: the CNN's, when it firmly reads one digit on a wheel that is not
      // mid-roll (a last wheel may roll, but not to where either digit may be written down).
      const cnn = p ? firmDigit(p, snapped[i]) : null;
      const settled = i === last ? !(rolling && lastWheelMayShowNext(snapped[i])) : !rolling;
      if (cnn !== null && settled && !seenInOthers.has(cnn) && (i === last || replaced++ < MAX_REPLACED)) return replace(i, cnn);
      disagree(i);
      return o;
    }
    if (i === last && cell.score >= MIN_OCR && ocrNextOfLastWheel(snapped[i], o)) {
      agreedAt.push(i);
      return o;
    }
    if (cell.score < MIN_OCR || (unsure && (support < FIRM_SUPPORT || nextToo))) {
      const cnn = p && support < OCR_OVERRULED ? firmDigit(p, snapped[i]) : null;
      // A wheel the CNN sees half way to the OCR's digit, or a last wheel as likely on the next
      // digit, is mid-roll: which digit a reader writes down is a coin flip.
      const midRoll = (d: number) => rolling && (o === (d + 1) % 10 || (i === last && lastWheelMayShowNext(snapped[i])));
      // A barely read leading 0 may be no drum at all (the window's frame, a blank cell): the CNN,
      // which sees a digit in anything, must not turn it into a leading digit worth 10^n. Nor may it
      // turn a leading digit other than a 1 (which may be the frame's edge) into a 0, dropping 10^n:
      // a sideways face's first `6`, placed a quarter pitch off its drum, read as `0` (9049.155 for 69049.155).
      // Nor the first non-zero digit after leading 0 drums, a 1 included (it is no frame's edge
      // there): a noisy PAFAL row's `0134944`, its `1` read at 0.47, became 3494.4.
      const leadingMagnitude = i === 0 ? (o === 0 ? cnn !== 0 : o !== 1 && cnn === 0) : i === firstSignificant && cnn === 0;
      // A wheel before the last cannot sit part way on while the wheel to its right is not passing
      // 9 -> 0: the CNN framed or read it wrong.
      const stray = rolling && i < last && !carrying(snapped, i);
      if (cnn !== null && !midRoll(cnn) && !leadingMagnitude && !stray && !seenInOthers.has(cnn) && mayReplace(o, cnn, cell.score) && (i === last || replaced++ < MAX_REPLACED)) return replace(i, cnn);
      disagree(i);
      return o;
    }
    if (o === c && unsure && seenInOthers.has(o)) {
      disagree(i);
      return o;
    }
    if (o === c) {
      agreedAt.push(i);
      return c;
    }
    // The last wheel turns continuously; one clearly short of the OCR's digit is read as the lower
    // digit (the CNN reads low, so a wheel near the next digit keeps the OCR's reading).
    if (rolling && between(snapped[i], o)) {
      const f = Math.floor(snapped[i]);
      if (o === f) return o;
      if (i !== last) {
        // The OCR's next digit for a wheel the CNN sees not yet half way there is no bias of the
        // CNN's: the wheel is mid-carry, and which digit it stands for is its right neighbour's to say.
        // A right neighbour still between 9 and 0 says the lower digit (a rendered drum at 7.5 behind
        // one at 9.5 was read as `8` by the OCR and given, 0.01 m³ high).
        if (snapped[i] - f < HALF_WAY || carrying(snapped, i)) disagree(i);
        return o;
      }
      // The OCR read the next digit here: its lower one returned above, one far enough on to show it
      // before the unsure OCR's branch.
      if (snapped[i] - f >= LAST_WHEEL_OCR_NEXT_FROM) {
        disagree(i);
        return o;
      }
      return f;
    }
    // ... but not when the CNN backs the next digit as much: a wheel at x.9 is as likely x+1 read low.
    if (p && support >= AGREE_SUPPORT && digitSupport(p, (o + 1) % 10) < support) return o;
    // A sure OCR 0 on a wheel the CNN firmly sees on 1: see MAX_SMEARED_ONES.
    if (o === 0 && p && i > 0 && i < last && !rolling && firmDigit(p, snapped[i]) === 1 && !seenInOthers.has(1) && smearedOnes++ < MAX_SMEARED_ONES) return replace(i, 1);
    // Outside its classic confusions, a CNN that reads every other cell as the OCR does read this
    // drum, not the row, wrong: no veto to overrule (a rendered gas row's `0` below a rolling 9's
    // tail, read `6` by the OCR at 0.98: `37624.86` for `37624.800`).
    if (cell.score >= CERTAIN_OCR && i < last && !rolling && (cnnConfuses(o, c) || offElsewhere(i)) && !flaggedOne(o, p, snapped[i])) {
      overruled++;
      misread ||= !cnnConfuses(o, c);
      return o;
    }
    disagree(i);
    return o;
  });
  // A CNN that a near-certain OCR digit contradicts, other than across its classic 1/7 and 4/7
  // confusions, misread this row somewhere (a dark PAFAL row framed with its windows' outlines, which
  // it read as 0s): it reads no other wheel in the OCR's place (the row's `1`, read by the OCR at 0.58,
  // became a `0`: 3474.9 for 13474.9). Its 1/7 slip on one drum says nothing of the others (an Itelma
  // row's last red `4`, which the OCR misread as `3` at 0.22, is the CNN's to read beside a `1` it took for a `7`).
  const undone = misread ? replacedAt : [];
  for (const i of undone) digits[i] = counter.cells[i].digit;
  // Nor does it vouch for an OCR digit short of near-certain by reading it alike: a 6+1 register's `7`,
  // its bar in a shadow's edge, was a `1` at 0.78 to the OCR and at 1.0 to a CNN that saw its sure `6`
  // as 0 and its 8s at 8.7 (`86108.0` for `086708.0`).
  const unvouched = misread ? agreedAt.filter((i) => counter.cells[i].score < CERTAIN_OCR).length : 0;
  // A last wheel given as the OCR's 0 past the CNN's 9 has carried its neighbour on: one given its lower
  // digit while the CNN sees it part way on, carried along, shows the last wheel part way from 9 to 0, and
  // a reader writes down the 9 (a rendered water row at 2.6 and 9.6, its last drum read `0` at 0.40:
  // `65856.220` for `65856.229`).
  const before = last - 1;
  if (digits[last] === 0 && before >= 0 && ocrNextOfLastWheel(snapped[last], 0) && rollingAt(wheels.positions[before]) && digits[before] === Math.floor(snapped[before])) digits[last] = 9;
  return { digits: digits.join(''), disagreements: disagreedAt.size + undone.length + unvouched, overruled, disagreedAt };
}
