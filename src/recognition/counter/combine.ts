// Checks the OCR digits of the counter against the digit-wheel CNN, cell by cell. A wheel the CNN
// sees between two digits agrees with either; the OCR digit is kept (the CNN's tenths are biased
// by a tenth or two, so letting them decide the carry turns a steady 4 into a 3).
import { composeDigits } from '../digit-classifier.js';
import type { CounterReading } from './reader.js';
import type { WheelReading } from './wheels.js';

/** Wheel positions this close to a whole digit count as sitting on it (the CNN jitters by a tenth). */
const SNAP = 0.25;

const LAST_WHEEL_LOWER_BELOW = 0.6;

export interface Combined {
  digits: string;
  /** Cells where OCR and CNN disagree. */
  disagreements: number;
}

export function snapPosition(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) <= SNAP ? r % 10 : v;
}

function between(v: number, d: number): boolean {
  const f = Math.floor(v);
  return d === f || d === (f + 1) % 10;
}

export function combineDigits(counter: CounterReading, wheels: WheelReading): Combined {
  const snapped = wheels.positions.map(snapPosition);
  const composed = composeDigits(snapped).digits;
  let disagreements = 0;
  const digits = counter.cells.map((cell, i) => {
    const o = cell.digit;
    const c = composed[i];
    if (o === c) return c;
    const rolling = snapped[i] !== Math.round(snapped[i]);
    // The last wheel turns continuously; one clearly short of the OCR's digit is read as the lower
    // digit (the CNN reads low, so a wheel near the next digit keeps the OCR's reading).
    if (rolling && between(snapped[i], o)) {
      const f = Math.floor(snapped[i]);
      return i === counter.cells.length - 1 && snapped[i] - f < LAST_WHEEL_LOWER_BELOW ? f : o;
    }
    disagreements++;
    return o;
  });
  return { digits: digits.join(''), disagreements };
}
