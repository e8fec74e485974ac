// A drum row whose first drum the OCR did not box (a thin `1`, a dim drum at the window's edge)
// reads off by a power of ten, and still looks like a whole counter (water rows with 4 whole drums
// exist). The strip from a pitch before the row's first cell through its first two cells is read
// again, as where multiplier marks show drums before the row (extend-head.ts): a further digit there,
// on the row's pitch, is a drum the row left out.
import { boxToRect, type RotatedRect } from '../ocr/geometry.js';
import type { OcrLine } from '../ocr/types.js';
import { digitLookalike } from '../parse/fold.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import type { RecognizeRects } from './extend.js';
import { headDigits, headPlace, headRect, KNOWN, MAX_CELL_OFFSET } from './extend-head.js';
import { drumRow, type CounterReading } from './reader.js';

/** Strip height, in cell heights. */
const HEIGHT = 1.15;
/**
 * A lone '1' there is as likely the window's frame or a bracket beside it (read 0.84 on a Fuji
 * register's bracket): it must be read this surely (missed leading 1s were re-read at 0.98-0.99).
 */
const FRAME_ONE_SCORE = 0.9;

/**
 * A taller strip's height, in cell heights. A row of drums part way on is boxed round the parts of
 * numerals it shows, off the middle of a whole numeral before it: a rendered water row's `1` before
 * drums at 8.6 and 9.6, cut by the strip, was read `-` (`9000` for `19000.000`).
 */
const TALL_HEIGHT = 1.7;

/** From half a pitch before the drum `missing` pitches before the first cell to half a pitch past the KNOWN-th cell. */
export function headStrip(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>, missing = 1, height = HEIGHT): RotatedRect {
  return headRect(c, missing, c.height * height);
}

/**
 * Whether the re-read of `strip` (see headStrip, one drum before the row) holds a glyph that is no
 * digit where that drum would be, and then the row's first digits on its pitch (one of them at least
 * as the row read it): ink the strip may have cut through, which a taller strip reads again.
 */
export function glyphBefore(c: Pick<CounterReading, 'cells' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop): boolean {
  const chars = [...rec.text].map((ch, i) => ({ ch, i })).filter(({ ch }) => ch.trim() !== '');
  if (chars.length !== KNOWN + 1) return false;
  const digits = chars.slice(1).map(({ ch }) => digitLookalike(ch));
  const onPitch = chars.every(({ i }, k) => Math.abs(headPlace(c, 1, strip, rec, i) - k) <= MAX_CELL_OFFSET);
  return digitLookalike(chars[0].ch) === undefined && onPitch && digits.every((d) => d !== undefined) && digits.some((d, k) => Number(d) === c.cells[k].digit);
}

/**
 * The digits of the drums `missing` pitches before the row's first cell, as a number, when the
 * re-read of `strip` holds them and then the row's first KNOWN digits, each on the row's pitch;
 * else null. A first drum read as a lone `1` must be read surely (FRAME_ONE_SCORE). `spanned`: the
 * drums before the row the strip spans, when more than `missing` (see headDigits).
 */
export function leftOutDrums(c: Pick<CounterReading, 'cells' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop, missing = 1, spanned = missing): number | null {
  // One of the row's first digits on its place anchors the re-read: the other may be one the row
  // misread (a small register's first `6` read `5`, the `44` before it boxed apart: `6023.7` for `446023.6`).
  const found = headDigits(c, missing, strip, rec, KNOWN - 1, spanned);
  if (!found) return null;
  const [drum] = found;
  if (drum.digit === 1 && drum.score < FRAME_ONE_SCORE) return null;
  return Number(found.slice(0, missing).map((d) => d.digit).join(''));
}

/** How surely a re-read of `strip` (spanning `spanned` drums before the row) read the drum right before it; 0 for none. */
function drumScore(c: Pick<CounterReading, 'cells' | 'pitch'>, strip: RotatedRect, rec: RecognizedCrop | undefined, spanned = 1): number {
  return (rec && headDigits(c, 1, strip, rec, KNOWN - 1, spanned)?.[0]?.score) ?? 0;
}

/**
 * The drums the OCR left out right before the row's first cell, as a number (their digits), or null
 * when none was read. A left-out 0 may stand after further left-out drums (`50` of `501764.7` was
 * left out of a small photo's register), so the strip is then read again from a drum further on; so
 * may a `1` read too unsurely to tell from a window's frame, which a drum read before it makes a drum
 * (a rendered register's `9 1` before its `30490`: the `1` read at 0.66, and `3049` taken whole).
 * `boxedBefore`: the glyph boxed on its own where that drum would be (see glyphBoxedBefore);
 * `drumLooksBefore`: whether the cell there has the row's look (see row-look.ts).
 */
export async function drumBefore(c: CounterReading, recognize: RecognizeRects, boxedBefore: (least: number) => string | null, drumLooksBefore: () => boolean): Promise<number | null> {
  if (c.cells.length < KNOWN) return null;
  const strip = headStrip(c);
  const [rec] = await recognize([strip]);
  let one = rec ? leftOutDrums(c, strip, rec) : null;
  if (one === null && rec && glyphBefore(c, strip, rec)) {
    const tall = headStrip(c, 1, TALL_HEIGHT);
    const [again] = await recognize([tall]);
    one = again ? leftOutDrums(c, tall, again) : null;
  }
  const unsureOne = one === null && rec !== undefined && headDigits(c, 1, strip, rec, KNOWN - 1)?.[0]?.digit === 1;
  if (one !== null && one !== 0) return one;
  if (one === 0 || unsureOne) {
    const wider = headStrip(c, 2);
    const [again] = await recognize([wider]);
    const two = again ? leftOutDrums(c, wider, again, 2) : null;
    // Nothing in the wider strip's first place (the window's frame): it read the drum right before
    // the row again, whole where the first strip cut it at its edge. Another digit there than a 0,
    // read more surely than the first strip's, holds the row short (a sideways serif register's
    // first `8`, read `0` at 0.38, then `8` at 0.92: `209.3` for `800209.2`); a 1 must be sure.
    const again1 = two === null && again ? leftOutDrums(c, wider, again, 1, 2) : null;
    if (again1 !== null && again1 !== 0 && drumScore(c, wider, again, 2) > drumScore(c, strip, rec)) return again1;
    if (two !== null || one !== null) return two ?? one;
  }
  // An unsure `1` in a cell of the row's look is a drum, not a frame (a glared register's first `1`,
  // read at 0.87 and not boxed: `54553.7` for `154553.7`).
  if (unsureOne && drumLooksBefore()) return 1;
  // A glyph the detector boxed on its own there is a drum, not a frame: an unsure `1` (a rendered
  // water row's first `1`, boxed alone as `L` and re-read at 0.89: `691.82` for `10691.820`), or the
  // digit the box was read as, where the re-read did not place it on the pitch (a small rendered
  // register's `1`, boxed alone and read at 1.00 beside the row `63567`, its `9` unboxed: `6356.7`).
  const boxed = boxedBefore(unsureOne ? ONE_BOX_HEIGHT : BOX_HEIGHT);
  if (boxed === null) return null;
  if (unsureOne) return 1;
  const digit = boxed.length === 1 ? digitLookalike(boxed) : undefined;
  return digit === undefined ? null : Number(digit);
}

/** How far (in pitches, and across in cell heights) a box's centre may lie from the drum before the row. */
const BOX_OFFSET = 0.35;
/** Least height of a glyph boxed there, in cell heights: print beside the drums is smaller. */
const BOX_HEIGHT = 0.6;
/**
 * The same where the head strip read an unsure `1` there: a thin `1` may be boxed round its foot and
 * part of its stem (a tilted monospaced water row's first `1`, boxed as `L` 0.57 of the row high and
 * read at 0.87 in the strip: `8781.937` for `18781.937`).
 */
const ONE_BOX_HEIGHT = 0.5;

/**
 * The text of a glyph of the row's size that the detector boxed on its own where a drum before the
 * row's first cell would be, or null; `least`: its least height, in cell heights. A window's frame or
 * a bracket beside the row is read in the head strip (a Fuji register's bracket, at 0.77-0.84) but was
 * not boxed as a glyph.
 */
export function glyphBoxedBefore(lines: Pick<OcrLine, 'box' | 'text'>[], c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>, least = BOX_HEIGHT): string | null {
  const [first] = c.cells;
  const [ax, ay] = c.axis;
  const at = { x: first.x - ax * c.pitch, y: first.y - ay * c.pitch };
  const boxed = lines.find(({ box }) => {
    const { cx, cy, width, height } = boxToRect(box);
    const along = (cx - at.x) * ax + (cy - at.y) * ay;
    const across = -(cx - at.x) * ay + (cy - at.y) * ax;
    return Math.abs(along) <= BOX_OFFSET * c.pitch && Math.abs(across) <= BOX_OFFSET * c.height && width <= 1.5 * c.pitch && height >= least * c.height && height <= 1.5 * c.height;
  });
  return boxed ? boxed.text : null;
}

/**
 * The least reading a counter can show when drums the OCR left out stand before its row: their
 * digits in the places before the row's whole drums (0 when none was found).
 */
export function leftOutFloor(c: Pick<CounterReading, 'digits' | 'decimals' | 'drumBefore'> | null): number {
  return c?.drumBefore ? c.drumBefore * 10 ** (c.digits.length - c.decimals) : 0;
}

/**
 * The least reading a second look may give after the first pass withheld a regular drum row (red
 * drums, multiplier marks, or red drums right past it): one with as many whole digits, leading
 * zeros (and a leading 1) aside. The first pass's doubt is about a digit; a second look that reads
 * fewer drums lost some (a blurred register read `116181.5` and was withheld for one wheel; a finer
 * look then missed the thin 1s and read `181.5`; a small one's `274133`, short of its red tenth,
 * came out `74133.2`). `minDecimals`: the fewest fractional drums the meter's type has.
 */
export function firstRowFloor(c: Pick<CounterReading, 'digits' | 'decimals' | 'decimalSource' | 'regular' | 'redBeyond'> | null, minDecimals = 0): number {
  if (!c) return 0;
  // A plain row that stops right before red drums is a drum row too (its red ones unread).
  const drums = drumRow(c) || (c.decimalSource === 'none' && c.redBeyond);
  if (!c.regular || !drums) return 0;
  // A row with fewer decimals than its meter's least (a water meter's 3) lost some red drums' colour:
  // those are no whole drums (a far shot's water row `00214676`, one red drum seen, set 10000 as its floor).
  const decimals = Math.max(c.decimals, minDecimals);
  // A leading 1 may be the window's frame (an Itelma row read `1048891` under --degrade tilt).
  const whole = c.digits.slice(0, Math.max(0, c.digits.length - decimals)).replace(/^1?0*/, '');
  return whole.length ? 10 ** (whole.length - 1) : 0;
}
