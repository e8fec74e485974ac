// A display whose number is followed by a unit of a rate or a state (volts, amps, hertz, degrees, per
// cent, a flow per hour) shows an instrument's measurement, not a register: a DIN-rail panel meter
// beside the electricity meter, or a heat or electricity meter's display cycled to its temperature,
// flow or voltage. Such a number is no reading; a utility register is followed by kWh or m³. (Not
// kW or W: a register's `kWh` is read `kw`, and its `m³` `ma`, hence no milli- prefixes either.)
import { boxHeight, verticalOverlap } from './geometry.js';
import { fold } from './fold.js';
import type { OcrLine, ReadingCandidate } from './types.js';

const UNITS = String.raw`v|a|hz|°\s?c?|'c|%|rpm|lux|ppm|kg|m\s?3\s?\/\s?h|l\s?\/\s?(?:h|min)`;
/** A unit boxed on its own (also a lone `C` whose degree sign went unread, and `V AC`). */
const RATE_UNIT = new RegExp(String.raw`^(?:c|v\s?ac|ac\s?v|${UNITS})$`);
/** The same unit written on the number's own line, right after its digits. */
const RATE_UNIT_AFTER = new RegExp(String.raw`^\s?(${UNITS})\s*$`);

/** A lone letter the OCR was unsure of is as likely a speck or a screw. */
const UNIT_SCORE = 0.5;
/** Where a unit's box may start, in the number's heights from its end (a gap, or a box drawn over its last digit). */
const GAP = [-0.5, 1.5];

/** The rate or state unit printed right after the candidate's digits, on its line or boxed apart; else null. */
export function rateUnitAfter(c: Pick<ReadingCandidate, 'box' | 'height' | 'lineIndex'>, lines: OcrLine[], after: string): string | null {
  const own = fold(after).match(RATE_UNIT_AFTER);
  if (own) return own[1];
  const right = Math.max(...c.box.map((p) => p[0]));
  for (const [i, l] of lines.entries()) {
    if (i === c.lineIndex) continue;
    const unit = fold(l.text).trim();
    if (!RATE_UNIT.test(unit)) continue;
    const left = Math.min(...l.box.map((p) => p[0]));
    const gap = (left - right) / c.height;
    if (l.score >= UNIT_SCORE && gap >= GAP[0] && gap <= GAP[1] && boxHeight(l.box) <= 1.2 * c.height && verticalOverlap(l.box, c.box) >= 0.5) return unit;
  }
  return null;
}

/** The fewest digits of a display (a rating's `60 Hz` is none). */
const DISPLAY_DIGITS = 3;

/**
 * Whether a counter's digits (a string) or a reading (a number) is one of `shown`, the numbers (as
 * read) followed by a rate unit: the same digits, leading zeros aside, or the same value.
 */
export function isRateDisplay(shown: string[], n: string | number): boolean {
  const digits = (t: string) => t.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return shown.some((t) => t.replace(/\D/g, '').length >= DISPLAY_DIGITS && (typeof n === 'number' ? Number(t) === n : digits(t) === digits(n)));
}
