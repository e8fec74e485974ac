// A reading a second look found, and whether it may stand for the one the first pass withheld.
import type { MeterType } from '../types.js';
import { contradictsFirstPass, isSerialRow, unsureLead } from '../second-look.js';
import { drumRow, type CounterReading } from '../counter/reader.js';
import type { WheelReading } from '../counter/wheels.js';
import { cnnSettlesAt } from '../counter/combine.js';
import { firstRowFloor, leftOutFloor } from '../counter/drum-before.js';

/** A reading found by a second look, with the row it came from when that row is known. */
export interface Found {
  reading: number;
  counter: CounterReading | null;
  wheels: WheelReading | null;
  /** Where the image the counter was read in (a crop) lies in the photo. */
  origin?: { x: number; y: number };
  /** Where `counter` is not kept: whether every row that gave the reading was a drum row (the CNN checked it). */
  drums?: boolean;
  /** Where `counter` is not kept: the most fractional digits a row that gave the reading read (trailing zeros too). */
  decimals?: number;
  /** Where `counter` is not kept: the rows without drums that gave the reading, whose digits only the OCR vouches for. */
  plainRows?: CounterReading[];
}

/**
 * Whether a second look's reading may stand for the one the first pass withheld. Its row may have
 * lost the very drum the first pass found left out (and more), or drums the first pass's row had;
 * where the first pass saw a digit's ink past the end of its plain row, it must read more digits
 * (an LCD's first digit, boxed with the register code above it, went unread at every scale); and a
 * row whose digits only the OCR vouches for (no drums for the CNN to check cell by cell) may not read
 * another digit where the first pass read one it was sure of. A drum row the CNN confirmed may: a
 * rendered register's first pass read its 9 as a 0, and the CNN, framed on that row, agreed. Where the
 * first pass's row was in doubt for its unlit segments (`doubted`, see analyse), only such a drum row
 * stands: an LCD's second look misreads its digits as the first pass did, and a drum row whose red
 * drum the first pass missed may look like an LCD (a PAFAL row re-read without faint strokes read a 4 as a 7).
 * A first row that is the nameplate serial (`serial`) sets none of these bounds (a dark shot's first pass
 * took a serial `12-1533308`, read `21533308` and regular, for its row: 488.717 fell below its floor).
 */
export function secondLookStands(first: { counter: CounterReading | null; wheels: WheelReading | null; doubted?: boolean }, found: Found, serial = '', type?: MeterType): boolean {
  if (first.doubted && !(found.counter ? drumRow(found.counter) : found.drums)) return false;
  // As for re-read strips: an unsure leading digit may be the carrier's edge, which the CNN reads as a
  // 1 as readily (a phone shot's gas row, its first 0 half hidden by the black band's edge, was read
  // `13279.892` for `03279.892` by the finer look, the OCR's `1` at 0.76).
  if (found.counter && unsureLead(found.counter)) return false;
  // The nameplate serial taken for the row: its length and its ink past the end say nothing of the counter's digits.
  const row = first.counter && !isSerialRow(first.counter, serial) ? first.counter : null;
  if (found.reading < Math.max(leftOutFloor(row), firstRowFloor(row, type?.startsWith('water') ? WATER_DECIMALS : 0))) return false;
  const significant = (digits: string) => digits.replace(/^0+/, '').length;
  const foundDigits = found.counter?.digits ?? String(found.reading).replace('.', '');
  // So where the OCR read a digit on a regular row's line past its end that the row left out, off its
  // pitch (a blurred LCD's `108.21`, its last `1` a pitch and a half on, and a finer look that read
  // `108.2`); an irregular row's cells say nothing of its digits (a tilted gas meter's nameplate
  // `6328666 - 2004` taken for the row, its last `4` left out).
  const pastEnd = row?.plainSigns && (row.plainSigns.inkPastEnd || (row.regular && (row.offPitchPast ?? 0) > 0));
  if (pastEnd && significant(foundDigits) <= significant(row.digits)) return false;
  if (row && dropsDrums(row, first.wheels, found)) return false;
  // Rows re-read over strips count as the counter does (a rendered water LCD's widened strip read
  // the first pass's sure `3` as an `8`, its unlit segments taken for lit ones: 882.435 for 382.435).
  if (found.plainRows?.some((r) => contradictsFirstPass({ ...first, counter: row }, r, found.origin))) return false;
  return !found.counter || drumRow(found.counter) || !contradictsFirstPass({ ...first, counter: row }, found.counter, found.origin);
}

/** The fewest fractional (red) drums of a water meter's register. */
const WATER_DECIMALS = 3;

/** OCR confidence from which a drum the first pass read counts as read, where the CNN did not look at it. */
const SURE_DRUM = 0.9;

/**
 * Whether a second look's reading has fewer fractional drums than the first pass's regular row of red
 * drums, which read the first drum left out: the CNN settles it (or, without the CNN, the OCR read it
 * surely), however barely the OCR read it, if at all. The look lost a drum a reader writes down (a
 * slanted gas meter's first pass read `0247848`, two red drums, and was withheld for the CNN's doubt on
 * the last; a later look read `024784` and gave `2478.4` for `2478.48`; a tilted SACOFGAS's first pass
 * read `02204730`, its last drum rolling, and a coarser look `022047`: `2204.7` for `2204.73`). A drum
 * the CNN cannot read either is too rolled to read, and labels stop before it (`02478.48` turned 180°:
 * its third drum read as a `4` at 0.39, seen by the CNN at 2.6).
 */
function dropsDrums(row: CounterReading, wheels: WheelReading | null, found: Found): boolean {
  const read = found.counter?.decimals ?? found.decimals;
  // Else the reading tells, less trailing zeros.
  const [whole, fraction = ''] = String(found.reading).split('.');
  const decimals = read ?? fraction.length;
  // An irregular row's cells are no count of its drums (a small photo's gas row read `024783488`, one
  // drum read twice: `2478.48` is its reading).
  if (row.decimalSource !== 'colour' || !row.regular || decimals >= row.decimals) return false;
  // The same digits with the point placed elsewhere lose no drum: the first pass took a dark photo's
  // black drum for a red one (a PAFAL row `0134944` with two red drums, read `13494.4` by a later look).
  const significant = (digits: string) => digits.replace(/^0+/, '');
  if (significant(found.counter?.digits ?? whole + fraction.padEnd(decimals, '0')) === significant(row.digits)) return false;
  const from = row.cells.length - (row.decimals - decimals);
  const left = row.cells.slice(from);
  if (read === undefined && left.every((cell) => cell.digit === 0 && !cell.unread)) return false;
  return wheels ? cnnSettlesAt(row, wheels, from) : !left[0].unread && left[0].score >= SURE_DRUM;
}
