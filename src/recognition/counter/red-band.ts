// Red numerals on light drums set in a red band (many hot-water meters): the detector often finds
// such a row only on the red channel, where the red numerals all but vanish, and a hollow 0 or a thin
// 1 leaves a cell's core free of red. The row found may then stop a red numeral short.
import type { RgbImage } from '../preprocess.js';
import { beyondStrip, furtherDrumRead } from './drum-beyond.js';
import type { RecognizeRects } from './extend.js';
import { cellInkRedness, cellRedness, CORE_WIDTH, RED_INK, trailingRedRun, type CounterReading } from './reader.js';
import { REREAD_LINE } from './window.js';

/** Cells of the row the re-read starts from. */
const KNOWN = 2;
/** Fractional drums are at most four. */
const MAX_DECIMALS = 4;
/**
 * A red numeral under glare shows less red ink (`id_1029`'s last 0 at 0.19-0.36 in photos held askew,
 * its black numerals' at 0-0.22): one at least this red, and redder by FADED_LEAD than every black
 * numeral of the row, is red all the same. The row's first cell is left out: it takes in the band's
 * edge (0.3-0.5).
 */
const FADED_RED_INK = 0.15;
const FADED_LEAD = 1.4;

/** Whether the row's red numerals were told only by the cells' cores (the band reddens every cell). */
export function inRedBand(c: CounterReading): boolean {
  return c.decimalSource === 'colour' && trailingRedRun(c.redFractions) === 0 && trailingRedRun(c.redCores) === c.decimals;
}

/**
 * A red-band row with one more red numeral after it: the row's last two cells are read again with a
 * pitch and a half past them (see drum-beyond.ts), and one more digit there, about a pitch past the
 * last one, whose ink is red, joins the row as one more fractional drum (the CNN then checks it like
 * any other).
 */
export async function extendRedBand(img: RgbImage, c: CounterReading, recognize: RecognizeRects): Promise<CounterReading> {
  if (!inRedBand(c) || c.decimals >= MAX_DECIMALS || c.cells.length < 2) return c;
  // From the last two cells on: a strip from the row's start may take in the band's edge before it.
  const end = { ...c, cells: c.cells.slice(-KNOWN), digits: c.digits.slice(-KNOWN) };
  const strip = beyondStrip(end);
  const [rec] = await recognize([strip]);
  if (!rec || !furtherDrumRead(end, strip, rec)) return c;
  // On the row's pitch (the re-read's own offsets are a few tenths of a pitch off).
  const last = c.cells[c.cells.length - 1];
  const x = last.x + c.axis[0] * c.pitch;
  const y = last.y + c.axis[1] * c.pitch;
  const [ink, ...blackInks] = cellInkRedness(img, [{ x, y }, ...c.cells.slice(1, c.cells.length - c.decimals)], c.axis, c.pitch, c.height, c.gains);
  if (ink < RED_INK && !(blackInks.length >= 2 && ink >= FADED_RED_INK && ink >= FADED_LEAD * Math.max(0, ...blackInks))) return c;
  const digit = Number(rec.text.replace(/\s/g, '').slice(-1));
  const score = rec.charScores[rec.text.lastIndexOf(String(digit))] ?? rec.score;
  const cell = { digit, score, x, y, u: x * c.axis[0] + y * c.axis[1], line: REREAD_LINE, followedBySeparator: false };
  const [red] = cellRedness(img, [cell], c.axis, c.pitch, c.height, c.gains);
  const [core] = cellRedness(img, [cell], c.axis, c.pitch, c.height, c.gains, CORE_WIDTH);
  // Not through readCounter, as the red-tail re-read does: it would place the point again from the
  // cells' cores, which the hollow 0 this is for leaves free of red.
  const digits = c.digits + digit;
  const decimals = c.decimals + 1;
  return {
    ...c,
    cells: [...c.cells, cell],
    digits,
    decimals,
    value: Number(digits) / 10 ** decimals,
    minScore: Math.min(c.minScore, score),
    redFractions: [...c.redFractions, red],
    redCores: [...c.redCores, core],
  };
}
