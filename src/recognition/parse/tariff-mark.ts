// A tariff mark (`T1`) boxed tightly is often read as a lone `T`: the recogniser merges a thin `1`
// pressed against the `T` into it (rendered LCD faces' `T1` read `T` at 1.00, and so a multi-tariff
// register counted as a single-tariff one). A tariff word's number may go unread the same way (a
// monospaced `TARIFF 1` held askew read `TARIFF`). Such a box is read again with margins; the mark
// stands only where that reading is the `T` or the word and one tariff digit, read surely. A word is
// read at two margins, as its digit may read surely at one and not at the other (a jpeg mono `Тариф 4`
// re-read `Tapn中4`, its `4` at 0.79, and `Tapn4`, its `4` at 0.92, with less margin).
import { fold } from './fold.js';
import { TARIFF_WORD } from './tariff.js';
import type { OcrLine } from './types.js';

/** Extra margin on each side of a lone `T`'s box, in box heights... */
const MARK_MARGIN = 0.2;
/** ... and of a tariff word's (its number is a space and a digit on), the wider first. */
const WORD_MARGINS = [1.2, 0.8];
/** How surely the wider reading must read the mark (rendered ones: 0.89), or a word's digit. */
const MARK_SCORE = 0.8;
/** How surely it must read a tariff word with its digit (as tariff.ts's word alone). */
const WORD_SCORE = 0.7;

/** The lines read as a lone `T` or a tariff word alone, with the margins each is read again with. */
export function loneMarks(lines: Pick<OcrLine, 'text'>[]): { index: number; margins: number[] }[] {
  return lines.flatMap((l, index) => (l.text.trim() === 'T' ? [{ index, margins: [MARK_MARGIN] }] : TARIFF_WORD.test(fold(l.text.trim())) ? [{ index, margins: WORD_MARGINS }] : []));
}

/**
 * The tariff mark a wider reading of a lone `T` or a tariff word gives (`T2`, `TARIFF 2`), or null.
 * A word's digit must be read surely on its own (its charScores'), the word only as surely as a
 * tariff word alone must be: a Russian word's letters come as look-alikes, read unsurely (a jpeg
 * `Тариф 4` re-read `Tapn中4` at 0.79, its `4` at 0.92).
 */
export function tariffMark(reread: { text: string; score: number; charScores?: number[] }): string | null {
  const text = reread.text.trim();
  const t = text.match(/^T\s?([1-4])$/);
  if (t) return reread.score >= MARK_SCORE ? `T${t[1]}` : null;
  const word = fold(text).match(/^(\S+?)\s?[1-4]$/);
  if (!word || !TARIFF_WORD.test(word[1])) return null;
  const digit = reread.charScores?.[reread.text.trimEnd().length - 1] ?? reread.score;
  return digit >= MARK_SCORE && reread.score >= WORD_SCORE ? text : null;
}

/**
 * Of one line's wider readings (one per margin), the first that reads a mark, with its index; none
 * where two read marks of different tariff digits.
 */
export function agreedMark(rereads: { text: string; score: number; charScores?: number[] }[]): { mark: string; at: number } | null {
  const marks = rereads.map((r) => tariffMark(r));
  const at = marks.findIndex((m) => m !== null);
  if (at < 0) return null;
  const digit = (m: string) => m.trim().slice(-1);
  return marks.every((m) => m === null || digit(m) === digit(marks[at]!)) ? { mark: marks[at]!, at } : null;
}
