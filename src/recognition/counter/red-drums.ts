// How many red (fractional) drums a row has, checked against what its meter type shows: electricity
// drum counters have one (tenths of a kWh). Where the colour says otherwise and a clear cause
// explains it, the row is corrected; any other mismatch is left to the usual checks, which withhold
// the reading.
import type { CounterReading } from './reader.js';
import { rowPart, type WheelReading } from './wheels.js';
import { REREAD_LINE } from './window.js';

/** OCR confidence a re-read cell past the first fractional drum needs to count as a drum. */
const SURE_ADDED = 0.8;
/** Red share of a cell's core above which a red numeral is there (bleeding leaves the core grey). */
const RED_CORE = 0.03;
/**
 * A bled-into cell is also much less red than the drum it bled from (a red frame round two drums,
 * which leaves both cores grey too, is about as red on both).
 */
const BLEED_SHARE = 0.5;

/**
 * Electricity: a second "red" cell is nearly always something else, and two cases are clear:
 * - a cell the red-tail re-read added past the red drum and read unsurely: the red scale marks or
 *   frame beside the drum, read as a '1';
 * - a black drum right before the red one, red only at its edge and much less red than it: the red
 *   drum's colour bled into it (a soft or heavily compressed photo, a night shot brightened back).
 */
export function oneTenthDrum(c: CounterReading, wheels: WheelReading | null): { counter: CounterReading; wheels: WheelReading | null } {
  if (c.decimalSource !== 'colour' || c.decimals < 2) return { counter: c, wheels };
  let n = c.cells.length;
  let decimals = c.decimals;
  while (decimals > 1 && c.cells[n - 1].line === REREAD_LINE && c.cells[n - 1].score < SURE_ADDED) {
    n--;
    decimals--;
  }
  if (decimals === 2 && c.redCores[n - 2] < RED_CORE && c.redFractions[n - 2] < BLEED_SHARE * c.redFractions[n - 1]) decimals = 1;
  if (n === c.cells.length && decimals === c.decimals) return { counter: c, wheels };
  return rowPart(c, wheels, 0, n, decimals);
}
