// Readings from rows other than the first pass's counter: a look's other candidates, strips re-read beside marks, joined or widened.
import type { MeterType } from '../types.js';
import type { RgbImage } from '../preprocess.js';
import { isSerialRow, unsureLead } from '../second-look.js';
import { toOcrLine, type OcrLineDetail } from '../ocr/engine.js';
import type { OcrLine } from '../ocr/types.js';
import { findCounterWindows } from '../counter/window.js';
import { drumRow, readCounter, type CounterReading } from '../counter/reader.js';
import type { WheelReading } from '../counter/wheels.js';
import { drumsAgree, surelyReadOtherwise } from '../counter/combine.js';
import { extendRedTail } from '../counter/extend.js';
import { withMarkedDecimals } from '../counter/scale-marks.js';
import { rowsBesideMarks } from '../counter/beside-marks.js';
import { continuedByLonger, mayEndInsideRow, mayStartInsideRow } from '../counter/widen.js';
import { unlitContests } from '../counter/unlit-segments.js';
import { parseMeterText } from '../parse/index.js';
import { chooseReading, cued } from '../decision.js';

import type { Engines } from './engines.js';
import { examineRow, lookAtDrums, settledTail, shortOfDrum, type Looked } from './see.js';
import { ocrContestsRow } from './lone-drums.js';
import { unlitRead, unlitReading, unlitReread } from './unlit.js';
import type { Found } from './found.js';

/**
 * A second look's reading from a row with a decimal cue: its counter row first, then the other
 * candidates. An LCD-like row is re-read without its unlit segments, as the first pass's is (see
 * analyse): where that puts its digits in doubt, the reading is the re-read's or none (a shadowed
 * `7628.161`, its `7` read as a `1` at 0.93, re-read `7628 161`). A drum in doubt that the OCR,
 * reading it alone, contests gives none either (see ocrContestsRow), as in analyse.
 */
export async function cuedReading(e: Engines, img: RgbImage, seen: Looked, type: MeterType, serial: string): Promise<Found | null> {
  const { counter, wheels } = seen;
  const reading = counter && cued(counter) ? chooseReading(type, seen.text, counter, wheels) : null;
  if (!counter || reading === null) return otherRowsReading(e, img, seen, type, serial);
  const reread = counter.plainSigns ? await unlitReread(e, img, seen, counter) : null;
  if (reread && unlitContests(counter, reread.comparison)) return unlitReading(e, img, seen, type, counter, reread, serial);
  return wheels && (await ocrContestsRow(e, img, counter, wheels)) ? null : { reading, counter, wheels };
}

/**
 * When the row taken as the counter gives no reading, the other candidate rows are tried, each
 * checked as the counter would be; a reading is kept only when every row that gives one agrees.
 * Only rows with a decimal cue count here: a plain number elsewhere on the nameplate passes the
 * plain-row checks as easily as the counter does.
 */
export async function otherRowsReading(e: Engines, img: RgbImage, seen: Looked, type: MeterType, serial: string) {
  let kept: { reading: number; counter: CounterReading; wheels: WheelReading | null } | null = null;
  for (const row of seen.rows.slice(1)) {
    if (isSerialRow(row, serial)) continue;
    const { counter, wheels } = await examineRow(e, img, row, seen.lines, seen.skipped);
    const reading = cued(counter) ? chooseReading(type, seen.text, counter, wheels) : null;
    if (reading === null) continue;
    if (kept && kept.reading !== reading) return null;
    kept ??= { reading, counter, wheels };
  }
  return kept;
}

/**
 * The reading of drums found through their multiplier marks, when every candidate strip that
 * gives one gives the same (checked like any counter, for the first pass's meter type).
 */
export async function readBesideMarks(e: Engines, img: RgbImage, seen: Looked, type: MeterType) {
  const rows = await rowsBesideMarks(img, seen.details, (rects) => e.ocr.recognizer.recognize(img, rects));
  return readRows(e, img, rows, seen, type);
}

/**
 * The reading of re-read strips with a decimal cue, when every strip that gives one gives the same.
 * `widened`: the strips were widened around a seed line, and must hold the row's start (see widen.ts);
 * `seeded`: they reach a few pitches past a seed line of a few digits, which may be the row's first
 * ones, and must hold its end too; `strips`: the rows of the strips read over the same photo by the
 * caller's earlier calls, to which this call's are added (see continuedByLonger).
 */
export async function readRows(e: Engines, img: RgbImage, rows: OcrLineDetail[], seen: { lines: OcrLine[]; size: { width: number; height: number }; colour: { redRatio: number; blueRatio: number } }, type: MeterType, { notSerial = '', widened = false, seeded = false, looked = [] as LookedRow[], strips = [] as CounterReading[] } = {}): Promise<{ reading: number; drums: boolean; decimals: number; plainRows: CounterReading[] } | null> {
  const readings = new Set<number>();
  let drums = true;
  let decimals = 0;
  const plainRows: CounterReading[] = [];
  // Every drum row looked at (here and by the caller's earlier calls), and those that gave a reading.
  const read: LookedRow[] = [];
  // Every strip this call read as a row, cued or not.
  const rowsRead: CounterReading[] = [];
  const founds = rows.map((row) => {
    const [w] = findCounterWindows([row]);
    return w ? readCounter(img, w) : null;
  });
  // A strip an earlier look read further over the same photo shows this look's ended inside the row
  // too (a light-drum gas row joined from its lone boxes as `05164919`, its rolling last drum in
  // doubt, and widened from a box of its first drums as `051649`, the red frame's first drum taken
  // for a tenth: `5164.9` for `05164.916`).
  strips.push(...founds.filter((f): f is CounterReading => f !== null));
  for (const [i, row] of rows.entries()) {
    const found = founds[i];
    if (!found || found.digits.length < 4 || isSerialRow(found, notSerial)) continue;
    if (widened && continuedByLonger(found, strips)) continue;
    // A strip wider than the drums takes in the window frame (see unsureLead).
    if (unsureLead(found)) continue;
    const first = found.cells[0];
    if (widened && mayStartInsideRow(row.rect, img, first, found.pitch)) continue;
    if (seeded && mayEndInsideRow(row.rect, img, found.cells[found.cells.length - 1], found.pitch)) continue;
    // A strip read as far as a rolling red drum often stops there (half numerals read as a symbol).
    const tailed = found.redBeyond ? await extendRedTail(img, found, (rects) => e.ocr.recognizer.recognize(img, rects), seen.lines) : found;
    const marked = withMarkedDecimals(seen.lines, tailed);
    if (!cued(marked)) {
      rowsRead.push(marked);
      continue;
    }
    // A red drum face after the strip's red tail: its OCR stopped short of a rolling last drum (read
    // as `.` or `l`: `76800.69` for `76800.697`), which is the CNN's to read, as in the first pass.
    const tail = marked.redAfterTail ? await settledTail(e, img, marked, (unread) => lookAtDrums(e, img, withMarkedDecimals(seen.lines, unread), seen.lines)) : null;
    const asRead = async () => {
      const r = await lookAtDrums(e, img, marked, seen.lines);
      return tail?.wholeDrumPast ? shortOfDrum(r) : r;
    };
    const { counter, wheels } = tail?.settled ?? (await asRead());
    rowsRead.push(counter);
    const text = parseMeterText([...seen.lines, toOcrLine(row)], seen.size, seen.colour);
    const reading = chooseReading(type, text, counter, wheels);
    const drum = drumRow(counter);
    if (drum) looked.push({ counter, wheels });
    if (reading === null || (wheels && (await ocrContestsRow(e, img, counter, wheels)))) continue;
    // A strip widened past a display's row may take in a blank digit, its unlit segments darkened
    // (a shadow's edge across them) into an `8`: it is re-read without them, as the first pass's row
    // is (a rendered `720.9` after four blank digits, withheld by the first pass for the ink past its
    // end, was read `8720.9` from the strip widened along it). Lead 8s the strip's own signs show to be
    // unlit are no such digit (`8888656`, widened over a display's blank digits and `65.6`).
    if (widened && counter.plainSigns && unlitContests(counter, (await unlitRead(e, img, counter)).comparison, counter.plainSigns.ghostLead)) continue;
    readings.add(reading);
    if (drum) read.push({ counter, wheels });
    else plainRows.push(counter);
    drums &&= drum;
    decimals = Math.max(decimals, counter.decimals);
  }
  // A strip over the same drums that the CNN and the OCR read otherwise: a drum in doubt (a tilted
  // Actaris's rolling `7`, read `4` and seen at 7.2 in the first pass's widened row, read `1` by both
  // readers in the coarser look's: `7197.127`; see drumsAgree).
  if (read.some((r) => looked.some((l) => !drumsAgree(r, l)))) return null;
  // So does another strip over the same drums whose OCR surely reads a digit otherwise: a framed
  // tenth's row, its strips read beside the scale marks under it, gave `900.3` from the strip reaching
  // off the drums (`009005` at 0.50), while the strip over them read `069003` at 0.90, its `6` at
  // 0.83 (both CNNs saw the `6`, so the drums agreed).
  if (read.some((r) => rowsRead.some((o) => o !== r.counter && surelyReadOtherwise(r, o)))) return null;
  return readings.size === 1 ? { reading: [...readings][0], drums, decimals, plainRows } : null;
}

/** A drum row a second look examined over a strip of its own, and its wheels (see drumsAgree). */
export interface LookedRow {
  counter: CounterReading;
  wheels: WheelReading | null;
}
