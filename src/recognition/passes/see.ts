// One OCR pass over a photo: its text, its candidate counter rows, and the likeliest row examined (red tail, marks, windows, wheels).
import type { RgbImage } from '../preprocess.js';
import { isSerialRow } from '../second-look.js';
import { toOcrLine, type OcrLineDetail, type OcrOptions } from '../ocr/engine.js';
import type { OcrLine } from '../ocr/types.js';
import { rectCorners, withEndMargins, type RotatedRect } from '../ocr/geometry.js';
import type { DetectedBox } from '../ocr/db-postprocess.js';
import { findCounterWindows } from '../counter/window.js';
import { drumRow, readCounter, type CounterReading } from '../counter/reader.js';
import { readWheels, rowPart, type WheelReading } from '../counter/wheels.js';
import { cnnSettles, combineDigits, rollingAt, soleDigit } from '../counter/combine.js';
import { extendRedTail, unreadRedTails } from '../counter/extend.js';
import { extendHeadByMarks } from '../counter/extend-head.js';
import { markBoxesBeside, mergedMarkExponents, withMarkedDecimals } from '../counter/scale-marks.js';
import { drumLooksBefore, inkTurnsPast, inSeparateWindows, rowLook } from '../counter/row-look.js';
import { drumBefore, glyphBoxedBefore } from '../counter/drum-before.js';
import { halfNumerals } from '../counter/half-numerals.js';
import { drumBeyond } from '../counter/drum-beyond.js';
import { digitPastEnd } from '../counter/digit-past-ends.js';
import { faintGlyphAt, plainRowSigns, type PlainRowSigns } from '../counter/plain-row.js';
import { parseMeterText } from '../parse/index.js';
import { agreedMark, loneMarks } from '../parse/tariff-mark.js';
import { MAX_PLAIN_DIGITS } from '../decision.js';
import { extendRedBand } from '../counter/red-band.js';

import { type Engines, BESIDE_ROW } from './engines.js';
import { meterColour } from './colour.js';
import { ocrContestsTail } from './lone-drums.js';

/** Lines read as a lone `T` or a tariff word alone, read again with margins where that reads a tariff mark (see tariff-mark.ts). */
export async function withTariffMarks(e: Engines, img: RgbImage, details: OcrLineDetail[]): Promise<OcrLineDetail[]> {
  const marks = loneMarks(details);
  if (!marks.length) return details;
  const rects = marks.map(({ index, margins }) => margins.map((m) => withEndMargins(details[index].rect, m)));
  const recs = await e.ocr.recognizer.recognize(img, rects.flat());
  const out = [...details];
  let from = 0;
  marks.forEach(({ index: i }, k) => {
    const lineRecs = recs.slice(from, (from += rects[k].length));
    const agreed = agreedMark(lineRecs);
    if (!agreed) return;
    const { mark, at } = agreed;
    const rec = lineRecs[at];
    out[i] = { ...details[i], text: mark, score: rec.score, charScores: rec.charScores, box: rectCorners(rects[k][at]), rect: rects[k][at], rec };
  });
  return out;
}

/** Text and candidate counter rows of one OCR pass. */
export async function see(e: Engines, img: RgbImage, o: OcrOptions, notSerial = '') {
  const boxes: RotatedRect[] = [];
  const skipped: DetectedBox[] = [];
  const details = await withTariffMarks(e, img, await e.ocr.read(img, o, boxes, skipped));
  const lines = details.map(toOcrLine);
  const size = { width: img.width, height: img.height };
  const rows = counterRows(img, details, notSerial);
  const firstColour = meterColour(img, rows[0] ?? null);
  const first = parseMeterText(lines, size, firstColour);
  // The colour is taken round the counter row, not the nameplate's number taken for one: the dial
  // under a serial row held the drums, and their red decimals said hot.
  const row = rows.find((r) => !isSerialRow(r, first.serialNumber)) ?? null;
  const same = row === (rows[0] ?? null);
  const colour = same ? firstColour : meterColour(img, row);
  const text = same ? first : parseMeterText(lines, size, colour);
  return { details, boxes, skipped, lines, size, colour, text, rows };
}

/** The likeliest candidate row, examined (see examineRow), as the pass's counter. */
export async function examineFirst(e: Engines, img: RgbImage, seen: Seen): Promise<{ counter: CounterReading | null; wheels: WheelReading | null }> {
  return seen.rows[0] ? examineRow(e, img, seen.rows[0], seen.lines, seen.skipped) : { counter: null, wheels: null };
}

/** Text, counter row and wheels of one OCR pass (no serial re-read, no verdict). */
export async function look(e: Engines, img: RgbImage, o: OcrOptions, notSerial = '') {
  const seen = await see(e, img, o, notSerial);
  return { ...seen, ...(await examineFirst(e, img, seen)) };
}

/** One OCR pass's text and candidate rows (see `see`). */
export type Seen = Awaited<ReturnType<typeof see>>;
/** One OCR pass's text and its likeliest row examined (see `look`). */
export type Looked = Awaited<ReturnType<typeof look>>;

/** A candidate row with its red tail, marked decimals, window look and wheel readings. */
export async function examineRow(e: Engines, img: RgbImage, row: CounterReading, lines: OcrLine[], skipped: DetectedBox[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> {
  const tailed = await extendRedTail(img, row, (rects) => e.ocr.recognizer.recognize(img, rects), lines);
  // Drum faces past the row that the OCR read no digit on (see unreadRedTails) are the CNN's to read;
  // where it cannot read them all, they are too rolled to read, and the row stands as far as the OCR
  // read it, as a reader's label stops there (`08078.4`, its last two red drums rolling). So are those
  // past a red tail the OCR read on from the row (a BK-G4's first red `9` read on from `95554`).
  const tail = tailed === row || tailed.redAfterTail ? await settledTail(e, img, tailed, (unread) => examineTailed(e, img, unread, lines, skipped)) : null;
  if (tail?.settled) return tail.settled;
  const examined = await examineTailed(e, img, tailed, lines, skipped);
  return tail?.wholeDrumPast ? shortOfDrum(examined) : examined;
}

/** A row with its red tail settled, with its red band, marked decimals, window look and wheel readings. */
export async function examineTailed(e: Engines, img: RgbImage, tailed: CounterReading, lines: OcrLine[], skipped: DetectedBox[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> {
  const extended = await extendRedBand(img, tailed, (rects) => e.ocr.recognizer.recognize(img, rects));
  const beside = markBoxesBeside(extended, skipped.map((b) => b.rect)).map((i) => skipped[i]);
  const marks = beside.length > 0 ? (await e.ocr.readBoxes(img, beside)).map(toOcrLine) : [];
  const withMarks = [...lines, ...marks];
  const headed = await extendHeadByMarks(img, extended, withMarks, (rects) => e.ocr.recognizer.recognize(img, rects));
  return lookAtDrums(e, img, withMarkedDecimals(withMarks, headed), withMarks);
}

/** A row with its window look and wheel readings (`lines`: the boxes of the look that found it). */
export async function lookAtDrums(e: Engines, img: RgbImage, row: CounterReading, lines: OcrLine[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> {
  // A display's digit the pixel signs missed past the row's ends is the OCR's to find (see
  // digit-past-ends.ts): a rendered `40788.61` read `407886`, its point found, gave `40788.6`, and
  // a `9183004` whose `9` was boxed apart gave `183004`.
  const withDigitPastEnd = async (s: PlainRowSigns): Promise<PlainRowSigns> =>
    s.inkPastEnd || !(await digitPastEnd(row, (rects) => e.ocr.recognizer.recognize(img, rects, BESIDE_ROW), (centre) => faintGlyphAt(img, row, centre))) ? s : { ...s, inkPastEnd: true };
  const signs = async () => {
    const windows = rowLook(img, row);
    const plainWindows = row.decimalSource === 'none' && inSeparateWindows(windows) && row.digits.length <= MAX_PLAIN_DIGITS;
    const further = plainWindows ? await drumBeyond(row, (rects) => e.ocr.recognizer.recognize(img, rects, BESIDE_ROW)) : null;
    const beyond = further !== null && inkTurnsPast(img, row, windows, further);
    // Drum rows, and plain rows taken as whole drums for the tenth past them, may have lost a first drum.
    const drums = drumRow(row) || beyond;
    const before = drums ? await drumBefore(row, (rects) => e.ocr.recognizer.recognize(img, rects, BESIDE_ROW), (least) => glyphBoxedBefore(lines, row, least), () => drumLooksBefore(img, row, windows)) : null;
    // LCD-like rows: no red drums or marks for the CNN to check against, and no windows round the
    // digits, or a printed point (a strip re-read wider than an LCD's digits can take in its frame and
    // look windowed: a blurred one's 1 read as 8 went unchecked there).
    const lcdLike = !drums && (!inSeparateWindows(windows) || row.decimalSource === 'point');
    const plainSigns = lcdLike ? await withDigitPastEnd(plainRowSigns(img, row)) : undefined;
    const halves = drums ? halfNumerals(lines, row) : [];
    return { ...row, windows, drumBeyond: beyond, drumBefore: before, plainSigns, ...(halves.length ? { halfNumerals: halves } : {}) };
  };
  // The wheels need only the row's cells: the CNN reads them while a helper lane's recogniser looks past the row's ends.
  const [counter, wheels] = await Promise.all([signs(), readWheels(img, row, e.digits)]);
  return { counter, wheels };
}

/**
 * The first of the row's unread tails (see unreadRedTails), looked at by `look`, whose added drums
 * the CNN reads (`settled`); none where it reads none's. The row then stands as far as the OCR read
 * it, as a reader's label stops at drums too rolled to read, unless the CNN saw the first drum past
 * it firmly on a whole digit (`wholeDrumPast`): a drum a reader writes down that neither reader
 * settles (a rendered BK-G4's second red `9`, which the CNN read firmly as 0.1 in a monospaced face,
 * left `95554.9` for `95554.996`). Not one it reads unsurely: a perspective shot's last red drum,
 * which its label leaves out, seen at 1.0 with no digit firm.
 */
export async function settledTail(e: Engines, img: RgbImage, row: CounterReading, lookAt: (unread: CounterReading) => Promise<{ counter: CounterReading; wheels: WheelReading | null }>) {
  let wholeDrumPast = false;
  for (const unread of unreadRedTails(img, row)) {
    const looked = await lookAt(unread);
    const from = looked.counter.cells.length - (unread.cells.length - row.cells.length);
    const { wheels } = looked;
    const past = wheels?.probabilities?.[from];
    wholeDrumPast ||= wheels !== null && past !== undefined && soleDigit(past) !== null && !rollingAt(wheels.positions[from]);
    const settles = async (r: { counter: CounterReading; wheels: WheelReading | null }) =>
      r.wheels !== null && cnnSettles(r.counter, r.wheels, from) && !(await ocrContestsTail(e, img, r.counter, r.wheels, from));
    if (await settles(looked)) return { settled: looked, wholeDrumPast };
    // A last drum too rolled to read, which readers leave out, may keep the tail from settling: the
    // drums before it, where the CNN settles them and vetoes no OCR digit (a rendered BK-G4's unread
    // red `2` and `5.6` past its first red `8`: `18487.8` before, the `2` left out with the rolling
    // drum; a light-drum face's sure OCR `1` for a `7` the CNN read right gave `58166.44` with a veto).
    // So may one the CNN reads as a whole digit the drum does not show: a shadowed gas row whose red
    // `1` and last drum the OCR left out, the CNN reading the `1` right and the last drum (an `8`) as
    // `1`, stood as the OCR read it, `23871.5`, for a label's `23871.51`.
    const n = looked.counter.cells.length;
    const rolls = looked.wheels !== null && rollingAt(looked.wheels.positions[n - 1]);
    if (n - 1 > from && looked.counter.decimals > 1) {
      const part = rowPart(looked.counter, looked.wheels, 0, n - 1, looked.counter.decimals - 1);
      if (part.wheels && combineDigits(part.counter, part.wheels).overruled === 0 && (await settles(part))) return { settled: part, wholeDrumPast };
    }
    // A lone red tenth rolling past the whole kWh, which the OCR did not read: the row with it, for
    // the verdict's reading at the tenth's lower digit (see rollingTenthReading in decision.ts; any
    // other meter type refuses a row with one decimal). Without it, the red drum past the row withheld the reading (a rendered
    // register's `87499` and its framed tenth at 8.7).
    if (rolls && n - 1 === from && looked.counter.decimals === 1) return { settled: looked, wholeDrumPast };
  }
  return { settled: null, wholeDrumPast };
}

/** The row as read, short of a drum past it that a reader writes down (see settledTail): no reading. */
export const shortOfDrum = (r: { counter: CounterReading; wheels: WheelReading | null }) => ({ ...r, counter: { ...r.counter, redBeyond: true } });

/** Candidate rows examined: the counter is not always among the tallest digit lines (a tag, a barcode number). */
const MAX_ROWS = 5;

/**
 * Candidate counters among the best-scored digit rows, the likeliest first: a row ending in red
 * fractional drums is a counter whatever its size (a nameplate serial can be printed larger than
 * the drums), else the best row.
 * A row holding the serial number already read off the nameplate is left out.
 */
export function counterRows(img: RgbImage, lines: OcrLineDetail[], notSerial = ''): CounterReading[] {
  const rows: CounterReading[] = [];
  for (const w of findCounterWindows(lines).slice(0, MAX_ROWS)) {
    const r = readCounter(img, w);
    // The drums' multiplier marks printed under them ("1000 100 10 1") read as one row of digits.
    if (r && r.digits.length >= 4 && !isSerialRow(r, notSerial) && !mergedMarkExponents(r.digits)) rows.push(r);
  }
  const drum = rows.findIndex((r) => r.decimalSource === 'colour' && r.regular);
  return drum > 0 ? [rows[drum], ...rows.filter((_, i) => i !== drum)] : rows;
}
