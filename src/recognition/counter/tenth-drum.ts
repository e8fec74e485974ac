// Electricity drum counters show whole kWh on black drums and one fractional drum (tenths) in red.
// A second "red" cell on such a row is nearly always something else, and two cases are clear:
// - a cell the red-tail re-read added past the red drum and read unsurely: the red scale marks or
//   frame beside the drum, read as a '1';
// - a black drum right before the red one that is only faintly red: the red drum's colour bled into
//   it (a soft or heavily compressed photo, a night shot brightened back).
// Both are undone here; any other two-red-drum row is left as it is for the usual checks.
import type { CounterReading } from './reader.js';
import type { WheelReading } from './wheels.js';
import { REREAD_LINE } from './window.js';

/** OCR confidence a re-read cell past the first fractional drum needs to count as a drum. */
const SURE_ADDED = 0.8;
/** A first "red" cell less red than this share of the last one is colour bleeding from it. */
const BLEED_SHARE = 0.5;

export function oneTenthDrum(c: CounterReading, wheels: WheelReading | null): { counter: CounterReading; wheels: WheelReading | null } {
  if (c.decimalSource !== 'colour' || c.decimals < 2) return { counter: c, wheels };
  let n = c.cells.length;
  while (c.decimals - (c.cells.length - n) > 1 && c.cells[n - 1].line === REREAD_LINE && c.cells[n - 1].score < SURE_ADDED) n--;
  let decimals = c.decimals - (c.cells.length - n);
  const red = c.redFractions;
  if (decimals === 2 && red[n - 2] < BLEED_SHARE * red[n - 1]) decimals = 1;
  if (n === c.cells.length && decimals === c.decimals) return { counter: c, wheels };
  const cells = c.cells.slice(0, n);
  const digits = c.digits.slice(0, n);
  const counter: CounterReading = {
    ...c,
    cells,
    digits,
    decimals,
    value: Number(digits) / 10 ** decimals,
    minScore: Math.min(...cells.map((k) => k.score)),
    redFractions: red.slice(0, n),
  };
  const kept = wheels && {
    ...wheels,
    positions: wheels.positions.slice(0, n),
    digits: wheels.digits.slice(0, n),
    confidences: wheels.confidences.slice(0, n),
    probabilities: wheels.probabilities.slice(0, n),
  };
  return { counter, wheels: kept };
}
