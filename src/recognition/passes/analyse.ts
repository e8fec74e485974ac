// The first pass over a photo: text, serial, counter row, verdict, and the row's doubts settled.
import type { RgbImage } from '../preprocess.js';
import { toOcrLine, type OcrLineDetail, type OcrOptions } from '../ocr/engine.js';
import type { OcrLine } from '../ocr/types.js';
import { withEndMargins } from '../ocr/geometry.js';
import { drumRow } from '../counter/reader.js';
import { unlitContests } from '../counter/unlit-segments.js';
import { parseMeterText } from '../parse/index.js';
import { rereadSerial } from '../parse/serial-reread.js';
import type { ParsedText } from '../parse/types.js';
import { decide } from '../decision.js';

import { type Engines, BESIDE_ROW } from './engines.js';
import { examineFirst, see } from './see.js';
import { ocrContestsRow } from './lone-drums.js';
import { unlitReading, unlitReread } from './unlit.js';
import { otherRowsReading } from './rows.js';

export async function analyse(e: Engines, img: RgbImage, o: OcrOptions) {
  const seenText = await see(e, img, o);
  const { details, boxes, lines, size, colour, text: parsed } = seenText;
  const serialOf = async (found: ParsedText, read: OcrLineDetail[], readLines: OcrLine[]) =>
    found.serialNumber
      ? rereadSerial(
          found.serialNumber,
          read.map((d, i) => ({ line: readLines[i], rect: d.rect })),
          async (rect, margin) => {
            const [r] = await e.ocr.recognizer.recognize(img, [withEndMargins(rect, margin)], BESIDE_ROW);
            return r ? { text: r.text, score: r.score, charScores: r.charScores } : null;
          },
          (ls) => parseMeterText(ls, size, colour).serialNumber,
        )
      : '';
  // The serial's re-read (on a helper lane) and the counter row's examination need nothing of each other.
  const [examined, serialRead] = await Promise.all([examineFirst(e, img, seenText), serialOf(parsed, details, lines)]);
  const seen = { ...seenText, ...examined };
  let { counter, wheels } = seen;
  let serialNumber = serialRead;
  let outcome = decide({ ...parsed, serialNumber }, counter, wheels, lines);
  // A busy photo (stickers, instructions) can push a small nameplate number out of the most
  // prominent boxes: a meter without a serial has its next boxes read for one.
  if (outcome.kind === 'meter' && !serialNumber && seen.skipped.length > 0) {
    const more = [...details, ...(await e.ocr.readBoxes(img, seen.skipped.slice(0, o.maxLines)))];
    const moreLines = more.map(toOcrLine);
    serialNumber = await serialOf(parseMeterText(moreLines, size, colour), more, moreLines);
    if (serialNumber) outcome = { kind: 'meter', meter: { ...outcome.meter, serialNumber } };
  }
  const text = { ...parsed, serialNumber };
  // An LCD-like row is read again without its display's unlit segments (see unlit-segments.ts). A
  // withheld reading may come from the re-read. A given one stands where the re-read reads the same
  // digits, or nothing like the row. Where it reads a digit with segments fewer or more, or leaves out
  // a lead `8` as a blank digit (a rendered `48.6` after four blank digits read `848.6`, the unlit
  // segments of the blank digit before its `4` darkened by a shadow's edge across them), the row's
  // digits are in doubt: the reading is the re-read's, or a drum row's the CNN checks (another row's
  // or a second look's, see secondLookStands), or none (a second look read a blurred 1324.79 as the
  // first pass had, 1324.39).
  let doubted = false;
  const reread = outcome.kind === 'meter' && counter?.plainSigns ? await unlitReread(e, img, seen, counter) : null;
  const contested = reread !== null && unlitContests(counter!, reread.comparison);
  if (outcome.kind === 'meter' && reread && (outcome.meter.currentReading === null || contested)) {
    const clean = await unlitReading(e, img, seen, outcome.meter.type, counter!, reread, serialNumber);
    doubted = contested && clean === null;
    if (clean) ({ counter, wheels } = clean);
    outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: clean?.reading ?? null } };
  }
  if (outcome.kind === 'meter' && outcome.meter.currentReading === null) {
    const other = await otherRowsReading(e, img, { ...seen, text }, outcome.meter.type, serialNumber);
    if (other && (!doubted || drumRow(other.counter))) {
      ({ counter, wheels } = other);
      outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: other.reading } };
    }
  }
  // A drum in doubt that the OCR, reading it alone, reads as a digit the row cannot show (see ocrContestsRow).
  if (outcome.kind === 'meter' && outcome.meter.currentReading !== null && counter && wheels && (await ocrContestsRow(e, img, counter, wheels))) {
    outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: null } };
  }
  return { outcome, lines, boxes, counter, wheels, text, details, doubted };
}

/** The first pass over a photo (see analyse). */
export type Pass = Awaited<ReturnType<typeof analyse>>;
