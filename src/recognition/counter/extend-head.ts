// The OCR sometimes boxes a drum row without its first drums (a drum half behind the window's
// frame, a dim one). Where the multiplier marks printed under the drums go on before the row's
// first cell, the drums there are read again together with the row's first digits.
import type { RgbImage } from '../preprocess.js';
import type { RotatedRect } from '../ocr/geometry.js';
import type { OcrLine } from '../ocr/types.js';
import { digitLookalike } from '../parse/fold.js';
import { readCounter, type CounterReading } from './reader.js';
import { drumsBeforeRow } from './scale-marks.js';
import { LOOKALIKE_SCORE, REREAD_LINE, type DigitCell } from './window.js';
import type { RecognizeRects } from './extend.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import { charOffset } from '../ocr/ctc.js';

/** Row digits read again with the missing drums: they must match, so the re-read is known to sit on the row. */
export const KNOWN = 2;
/** How far (in pitches) a re-read digit may sit from its drum's centre. */
export const MAX_CELL_OFFSET = 0.4;

/** From the centre of the first of `missing` drums before the row to that of its KNOWN-th cell, plus half a pitch each side. */
export function headRect(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch'>, missing: number, height: number): RotatedRect {
  const first = c.cells[0];
  const [ax, ay] = c.axis;
  const mid = (KNOWN - 1 - missing) / 2;
  return { cx: first.x + ax * c.pitch * mid, cy: first.y + ay * c.pitch * mid, width: c.pitch * (missing + KNOWN), height, angle: Math.atan2(ay, ax) };
}

/** Where character `i` of a re-read of `rect` (see headRect) lies, in drums from the first of the `missing` ones. */
export function headPlace(c: Pick<CounterReading, 'pitch'>, missing: number, rect: RotatedRect, rec: RecognizedCrop, i: number): number {
  return charOffset(rec, i, rect.width) / c.pitch + (missing + KNOWN - 1) / 2;
}

export interface HeadDigit {
  digit: number;
  score: number;
  /** Drum index from the first missing one. */
  pos: number;
}

/**
 * The digits of a re-read of `missing` drums before the row through its first KNOWN cells, centred
 * on `rect` (that span, half a pitch to spare each side): one per drum, each on the row's pitch, the
 * row's own first digits where they are (`matched` of them at least); else null. A look-alike letter
 * counts as an unsure digit. `spanned`: the drums before the row `rect` spans, when more than
 * `missing` (its first places hold nothing).
 */
export function headDigits(c: Pick<CounterReading, 'cells' | 'pitch'>, missing: number, rect: RotatedRect, rec: RecognizedCrop, matched = KNOWN, spanned = missing): HeadDigit[] | null {
  const m = missing + KNOWN;
  const found: HeadDigit[] = [];
  for (let i = 0; i < rec.text.length; i++) {
    const ch = digitLookalike(rec.text[i]);
    if (ch === undefined) continue;
    const pos = headPlace(c, spanned, rect, rec, i) - (spanned - missing);
    if (Math.abs(pos - found.length) > MAX_CELL_OFFSET) return null;
    const score = rec.charScores[i] ?? rec.score;
    found.push({ digit: ch.charCodeAt(0) - 48, score: ch !== rec.text[i] ? Math.min(score, LOOKALIKE_SCORE) : score, pos });
  }
  if (found.length !== m) return null;
  let same = 0;
  for (let k = 0; k < KNOWN; k++) if (found[missing + k].digit === c.cells[k].digit) same++;
  return same >= matched ? found : null;
}

/**
 * The counter with the drums its marks show before its first cell, when a re-read from those
 * drums through the row's first digits finds one digit per drum, each on the row's pitch, and the
 * row's own first digits where they are. The added digits keep the re-read's confidence (a look-alike
 * letter counts as an unsure digit), so the digit-wheel CNN checks them like the others.
 */
export async function extendHeadByMarks(img: RgbImage, c: CounterReading, lines: OcrLine[], recognize: RecognizeRects): Promise<CounterReading> {
  const missing = drumsBeforeRow(lines, c);
  if (missing === 0 || c.cells.length < KNOWN) return c;
  const first = c.cells[0];
  const [ax, ay] = c.axis;
  const rect = headRect(c, missing, c.height);
  const [rec] = await recognize([rect]);
  const found = rec && headDigits(c, missing, rect, rec);
  if (!found) return c;
  const added: DigitCell[] = found.slice(0, missing).map((d) => {
    const x = first.x + ax * c.pitch * (d.pos - missing);
    const y = first.y + ay * c.pitch * (d.pos - missing);
    return { digit: d.digit, score: d.score, x, y, u: x * ax + y * ay, line: REREAD_LINE, followedBySeparator: false };
  });
  const extended = readCounter(img, { cells: [...added, ...c.cells], axis: c.axis, height: c.height, pitch: c.pitch, lineIndexes: [], score: 0 });
  if (!extended || !extended.regular || extended.decimalSource !== c.decimalSource || extended.decimals !== c.decimals) return c;
  // The row's own doubts stay: a rival cell regularise() dropped is not among these cells.
  return { ...extended, regular: c.regular };
}
