// An LCD-like row read again with its display's unlit segments wiped out (see unlit-segments.ts).
import type { MeterType } from '../types.js';
import type { RgbImage } from '../preprocess.js';
import { readStrips, toOcrLine } from '../ocr/engine.js';
import { cropForRec, DEFAULT_REC, REC_HEIGHT } from '../ocr/recognizer.js';
import { digitsPastWord, lineDigits, REREAD_LINE } from '../counter/window.js';
import { readCounter, type CounterReading } from '../counter/reader.js';
import { withMarkedDecimals } from '../counter/scale-marks.js';
import { compareUnlit, unlitStrip, wipeFaintStrokes } from '../counter/unlit-segments.js';
import { chooseReading } from '../decision.js';
import { parseMeterText } from '../parse/index.js';

import type { Engines } from './engines.js';
import { lookAtDrums, type Looked } from './see.js';
import type { Found } from './found.js';

/**
 * An LCD-like row read again with the display's unlit segments wiped out, and how that compares
 * with the row (see unlit-segments.ts); null when the row's line(s) hold a digit the row left out
 * (off its pitch), or more digits past a word (a model code's `2023F189-8`): the re-read stands for
 * those lines in the text, and those digits would go missing from the parser's pick too.
 */
export async function unlitReread(e: Engines, img: RgbImage, seen: Looked, row: CounterReading) {
  const rowLines = [...new Set(row.cells.map((c) => c.line))];
  if (rowLines.some((i) => !seen.details[i] || digitsPastWord(seen.details[i].text) > 0) || rowLines.reduce((n, i) => n + lineDigits(seen.details[i], i).length, 0) !== row.cells.length) return null;
  return { ...(await unlitRead(e, img, row)), rowLines };
}

/** The row's strip read without its display's unlit segments, and how that compares with the row (see unlit-segments.ts). */
export async function unlitRead(e: Engines, img: RgbImage, row: CounterReading) {
  const [line] = await readStrips([unlitStrip(row)], (rects) =>
    e.ocr.recognizer.recognizeCrops(rects.map((r) => wipeFaintStrokes(cropForRec(img, r, DEFAULT_REC.maxWidth), (row.pitch * REC_HEIGHT) / r.height))),
  );
  return { line, comparison: compareUnlit(row, lineDigits(line, REREAD_LINE)) };
}

/**
 * The reading of the re-read row, when it is the row with only unlit segments taken away (or the
 * same digits) and passes every check the first pass's row had to.
 */
export async function unlitReading(e: Engines, img: RgbImage, seen: Looked, type: MeterType, row: CounterReading, reread: NonNullable<Awaited<ReturnType<typeof unlitReread>>>, serial: string): Promise<Found | null> {
  const { comparison: cmp, line, rowLines } = reread;
  if (cmp.kind !== 'fewer' && cmp.kind !== 'same') return null;
  // The re-read ends where the row ends ("fewer" leaves out only lead digits), so ink past the row's end
  // is past the re-read's too, even when the re-read's own look, at its shorter pitch, misses it.
  if (row.plainSigns?.inkPastEnd) return null;
  const found = readCounter(img, { cells: cmp.cells, axis: row.axis, height: row.height, pitch: row.pitch, lineIndexes: [], score: 0 });
  if (!found) return null;
  const looked = await lookAtDrums(e, img, withMarkedDecimals(seen.lines, found), seen.lines);
  if (!looked.counter.plainSigns) return null;
  // The cells the re-read left out before its first digit were read as 8s: blank digits, all unlit.
  const counter = { ...looked.counter, blankLead: row.cells.length - cmp.cells.length };
  const wheels = looked.wheels;
  // The row's own lines are left out, and with them a serial read on the row's line (`No 01234567`).
  const text = { ...parseMeterText([...seen.lines.filter((_, i) => !rowLines.includes(i)), toOcrLine(line)], seen.size, seen.colour), serialNumber: serial };
  const reading = chooseReading(type, text, counter, wheels);
  return reading === null ? null : { reading, counter, wheels };
}
