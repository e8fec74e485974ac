// A drum row whose first drum the OCR did not box (a thin `1`, a dim drum at the window's edge)
// reads off by a power of ten, and still looks like a whole counter (water rows with 4 whole drums
// exist). The strip from a pitch before the row's first cell through its first two cells is read
// again: a further digit there, on the row's pitch, is a drum the row left out.
import type { RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import { charOffset } from '../ocr/ctc.js';
import type { RecognizeRects } from './extend.js';
import type { CounterReading } from './reader.js';

/** Row cells read again with the drum before them: they must match, so the re-read sits on the row. */
const KNOWN = 2;
/** How far (in pitches) a re-read digit may sit from the drum centre it stands for. */
const MAX_CELL_OFFSET = 0.4;
/** Strip height, in cell heights. */
const HEIGHT = 1.15;
/**
 * A lone '1' there is as likely the window's frame or a bracket beside it (read 0.84 on a Fuji
 * register's bracket): it must be read this surely (missed leading 1s were re-read at 0.98-0.99).
 */
const FRAME_ONE_SCORE = 0.9;

/** From half a pitch before the drum a pitch before the first cell to half a pitch past the KNOWN-th cell. */
export function headStrip(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>): RotatedRect {
  const first = c.cells[0];
  const [ax, ay] = c.axis;
  const mid = (KNOWN - 2) / 2;
  return { cx: first.x + ax * c.pitch * mid, cy: first.y + ay * c.pitch * mid, width: c.pitch * (KNOWN + 1), height: c.height * HEIGHT, angle: Math.atan2(ay, ax) };
}

/**
 * The digit of a drum a pitch before the row's first cell, when the re-read of `strip` holds it
 * and then the row's first KNOWN digits, each on the row's pitch; else null.
 */
export function leadingDrumDigit(c: Pick<CounterReading, 'digits' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): number | null {
  const found: { digit: number; pos: number; score: number }[] = [];
  for (let i = 0; i < rec.text.length; i++) {
    const ch = rec.text[i];
    if (ch < '0' || ch > '9') continue;
    // Drum index, -1 for the drum before the row, from the strip's centre at index (KNOWN - 2) / 2.
    const pos = charOffset(rec, i, strip.width) / c.pitch + (KNOWN - 2) / 2;
    found.push({ digit: ch.charCodeAt(0) - 48, pos, score: rec.charScores[i] ?? rec.score });
  }
  if (found.length !== KNOWN + 1) return null;
  if (found.some((d, k) => Math.abs(d.pos - (k - 1)) > MAX_CELL_OFFSET)) return null;
  if (found.slice(1).map((d) => d.digit).join('') !== c.digits.slice(0, KNOWN)) return null;
  const [drum] = found;
  return drum.digit !== 1 || drum.score >= FRAME_ONE_SCORE ? drum.digit : null;
}

/** The digit of a drum the OCR left out right before the row's first cell, or null when none was read. */
export async function drumBefore(c: CounterReading, recognize: RecognizeRects): Promise<number | null> {
  if (c.cells.length < KNOWN) return null;
  const strip = headStrip(c);
  const [rec] = await recognize([strip]);
  return rec ? leadingDrumDigit(c, strip, rec) : null;
}
