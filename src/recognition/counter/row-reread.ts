// A drum row whose OCR digits the digit CNN does not confirm is read again by the OCR, over a few
// strips of its own: as boxed, taller, and with its contrast stretched. A blurred or dim drum the
// first read took for another digit (a PAFAL `1` beside its decimal comma read as `0`), or read
// right but unsure, is often read plainly in one of them. The re-reads are a second opinion from
// the same recogniser, so they may only settle what the CNN already says: a digit changes only to
// one a re-read reads confidently and the CNN reads too, and a digit's confidence rises only as far
// as lets the CNN check it, never so far that it could stand against the CNN.
import { composeDigits } from '../digit-classifier.js';
import type { RotatedRect } from '../ocr/geometry.js';
import { cnnConfuses, snapPosition } from './combine.js';
import { rowStrip, type CounterReading } from './reader.js';
import type { DigitCell } from './window.js';
import type { WheelReading } from './wheels.js';

/** The strips read again: cell heights high, and whether the crop's contrast is stretched first. */
export const ROW_REREADS: readonly { height: number; stretch: boolean }[] = [
  { height: 1.0, stretch: false },
  { height: 1.3, stretch: false },
  { height: 1.15, stretch: true },
];
/** Margin before the first and after the last cell, in pitches (the box the detector would draw). */
const MARGIN = 0.6;
/** How far a re-read digit may sit from the row's cell, in pitches, to count as that cell's. */
const ALIGN = 0.4;
/** Confidence at which a re-read digit other than the row's is an alternative the CNN may pick. */
const ALTERNATIVE = 0.8;
/**
 * Highest confidence a re-read gives a cell: below combine.ts's CERTAIN_OCR, so that a digit read
 * well only once in several tries never stands against the CNN.
 */
const MAX_SCORE = 0.94;
/** Cells whose digit the re-reads may change in one row. */
const MAX_CHANGED = 1;

export function rereadStrips(c: CounterReading): RotatedRect[] {
  return ROW_REREADS.map((r) => rowStrip(c, MARGIN, MARGIN, r.height));
}

/** The re-read's digits, one per cell of the row, or null when it read another row (more, fewer or shifted digits). */
function aligned(c: CounterReading, read: DigitCell[]): DigitCell[] | null {
  if (read.length !== c.cells.length) return null;
  const [ax, ay] = c.axis;
  const ok = read.every((d, i) => Math.abs((d.x - c.cells[i].x) * ax + (d.y - c.cells[i].y) * ay) <= ALIGN * c.pitch);
  return ok ? read : null;
}

/**
 * The row with its cells' digits and confidences as the re-reads (`reads`, each the digits of one
 * strip) support them, or null when the re-reads change nothing or contradict one another.
 */
export function mergeRereads(c: CounterReading, reads: DigitCell[][], wheels: Pick<WheelReading, 'positions'>): CounterReading | null {
  const usable = reads.map((r) => aligned(c, r)).filter((r): r is DigitCell[] => r !== null);
  if (!usable.length) return null;
  const cnn = composeDigits(wheels.positions.map(snapPosition)).digits;
  let changed = 0;
  let raised = false;
  const cells = c.cells.map((cell, i) => {
    const seen = usable.map((r) => r[i]);
    const alternatives = new Set(seen.filter((d) => d.digit !== cell.digit && d.score >= ALTERNATIVE).map((d) => d.digit));
    if (alternatives.size > 1) return null;
    if (alternatives.size === 1) {
      const [d] = alternatives;
      // Only a digit the CNN reads too, outside its own confusions (a re-read between them decides
      // nothing), and not in place of a digit the first read was sure of.
      if (cnn[i] !== d || cnnConfuses(cell.digit, d) || cell.score > MAX_SCORE) return cell;
      changed++;
      const score = Math.min(MAX_SCORE, Math.max(...seen.filter((s) => s.digit === d).map((s) => s.score)));
      return { ...cell, digit: d, score };
    }
    const best = Math.min(MAX_SCORE, Math.max(...seen.filter((s) => s.digit === cell.digit).map((s) => s.score), 0));
    if (best <= cell.score) return cell;
    raised = true;
    return { ...cell, score: best };
  });
  if (cells.some((x) => x === null) || changed > MAX_CHANGED || (changed === 0 && !raised)) return null;
  const kept = cells as DigitCell[];
  const digits = kept.map((x) => x.digit).join('');
  return { ...c, cells: kept, digits, value: Number(digits) / 10 ** c.decimals, minScore: Math.min(...kept.map((x) => x.score)) };
}
