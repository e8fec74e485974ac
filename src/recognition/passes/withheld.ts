// The second looks at a meter whose reading the first pass withheld, cheapest and likeliest first.
import type { Meter, MeterType } from '../types.js';
import { cropRgb, stretchContrast, type RgbImage } from '../preprocess.js';
import { contradictsFirstPass, cutByCrop, isSerialRow, secondLookRegion } from '../second-look.js';
import { readStrips, type OcrLineDetail } from '../ocr/engine.js';
import { cropForRec, DEFAULT_REC } from '../ocr/recognizer.js';
import type { OcrLine } from '../ocr/types.js';
import { lineDigits, REREAD_LINE } from '../counter/window.js';
import { drumRow, type CounterReading } from '../counter/reader.js';
import { widenedRows } from '../counter/widen.js';
import { joinedRows } from '../counter/lone-boxes.js';
import type { ParsedText } from '../parse/types.js';
import { chooseReading, cnnConfirms, readingVerdict } from '../decision.js';
import { mergeRereads, ROW_REREADS, rereadStrips } from '../counter/row-reread.js';
import { closerScale, detectorScale, tooSmallForCoarse } from '../look-scales.js';

import type { Engines } from './engines.js';
import { look } from './see.js';
import type { LookedRow } from './rows.js';
import { cuedReading, readBesideMarks, readRows } from './rows.js';
import { meterColour } from './colour.js';
import type { Pass } from './analyse.js';
import type { Found } from './found.js';

/** Detector scale of the second look at a meter whose reading the first pass withheld. */
const FINER_DETECTION = 4 / 3;
/**
 * Pitches past either end of a small row that the closer look's crop takes in: a far shot's first
 * pass may read a few of its drums only (`0134` of a PAFAL's 7), and a row the crop cuts gives nothing.
 */
const CLOSER_ALONG = 8;
/** The closer look's detector input side at most: onnxruntime keeps the memory a larger one takes. */
const MAX_CLOSER_SIDE = 1600;
/** Detector scale of the last look over the whole photo, when the finer one found no reading either. */
const COARSER_DETECTION = 0.5;

/**
 * A look at the part of the photo round `row` (see secondLookRegion), detected at `scale` of the
 * working image; `closer`: over a longer crop, enlarged if need be (see closerReading).
 */
export async function lookAround(e: Engines, img: RgbImage, row: CounterReading | null, lines: OcrLine[], scale: number, closer: boolean, serial: string) {
  const r = secondLookRegion(img, row, lines, closer ? CLOSER_ALONG : undefined);
  const crop = cropRgb(img, r.x0, r.y0, r.x1, r.y1);
  const maxSide = Math.max(32, Math.min(closer ? MAX_CLOSER_SIDE : Infinity, Math.round(Math.max(crop.width, crop.height) * scale)));
  return { r, crop, seen: await look(e, crop, { ...e.ocrOpts, det: { ...e.ocrOpts.det, maxSide, upscale: closer } }, serial) };
}

export type CloserLook = Awaited<ReturnType<typeof lookAround>>;

const detScaleOf = (e: Engines, img: RgbImage) => detectorScale(Math.max(img.width, img.height), e.ocrOpts.det.maxSide);
const closerScaleOf = (e: Engines, img: RgbImage, row: CounterReading) => closerScale(row.pitch, detScaleOf(e, img));

/**
 * A closer look at a row the first pass read small, as a meter photographed from afar (see
 * look-scales.ts); undefined where the row is large enough.
 */
export async function closerReading(e: Engines, img: RgbImage, first: Pass, meter: Meter): Promise<{ found: Found | null; look: CloserLook } | undefined> {
  const row = first.counter;
  const scale = row && !isSerialRow(row, meter.serialNumber) ? closerScaleOf(e, img, row) : null;
  if (scale === null) return undefined;
  const look = await lookAround(e, img, row, first.lines, scale, true, meter.serialNumber);
  const { r, crop, seen } = look;
  const found = await cuedReading(e, crop, seen, meter.type, meter.serialNumber);
  if (found?.counter && cutByCrop(found.counter, r, img)) return { found: null, look };
  return { found: found && { ...found, origin: { x: r.x0, y: r.y0 } }, look };
}

/**
 * Second looks at a meter whose reading the first pass withheld, each checked as the first pass's
 * counter would be for the first pass's meter type, cheapest and likeliest first:
 * 0. a drum row whose digits the CNN did not confirm, read again by the OCR over strips of its own
 *    (see rereadReading); then the first pass's boxes of one drum each, joined into a strip along
 *    them (see lone-boxes.ts): both cost a few recogniser runs, no detector pass;
 * 1. a finer detector pass over the counter row (or the meter's text): drums too small for the
 *    detector (separate windows on a large dial); there, the other candidate rows and the strips
 *    beside a line of multiplier marks too; a row there that its crop may have cut ends the looks;
 *    for a row read small (a meter photographed from afar), then a closer one over a longer crop;
 * 2. a coarser pass over the whole photo: the detector is scale-sensitive, and a drum row in framed
 *    windows it misses (or merges with the brand name above it) at the working scale, it often
 *    sees as one line at half of it;
 * 3. the first pass's short digit lines, then the coarser look's, re-read over strips widened along
 *    their axis: the detector often boxes only the red drums, or a few black ones, of a light-on-dark row;
 * 4. a pass whose detector sees only the red channel: dark digits on a red or orange band (hot-water
 *    meters), or on a dim photo's warm-lit face, stand out there as on white paper.
 * Every second look takes only rows with a decimal cue (red drums, a printed point, scale marks):
 * a plain number elsewhere on the meter (a tag's date, a nameplate number) passes the plain-row
 * checks as easily as a counter does, and the first pass already had its chance at plain rows.
 */
export async function withheldReading(e: Engines, img: RgbImage, first: Pass, meter: Meter, lap: (stage: string) => void, typed: Typed, closerLook?: CloserLook): Promise<Found | null> {
  const { type, serialNumber: serial } = meter;
  // A type the first pass only guessed from its row (no words on the meter read) gives way to the
  // first look's whose text names one (see inspect). The looks still check rows for the guessed
  // type: a gas meter's row checked as a water meter's needs all its red drums, and as a gas
  // meter's, a coarser look read a blurred `23871.518` as `23871.1`.
  const retype = (seen: { text: ParsedText }) => {
    if (first.text.meterType === null && typed.named === null && seen.text.meterType !== null) typed.named = seen.text;
    const number = seen.text.tariffWord?.number ?? null;
    if (first.text.tariffWord?.unnumbered && number !== null) typed.wordTariff = Math.max(typed.wordTariff ?? 0, number);
  };
  const reread = await rereadReading(e, img, first, type);
  lap('reread');
  if (reread) return reread;
  // The first pass's text and colour, for rows read over strips.
  const firstSeen = () => ({ lines: first.lines, size: { width: img.width, height: img.height }, colour: meterColour(img, first.counter) });
  // Before the finer look: its crop, taken round the first pass's row, cut a red-band row whose
  // first drums the detector had boxed one at a time, and a cut row ends the looks.
  const joinedLines = await joinedRows(img, first.details, (rects) => e.ocr.recognizer.recognize(img, rects));
  // Strips over the photo read by the looks so far (see readRows' `strips`).
  const strips: CounterReading[] = [];
  const joined = joinedLines.length ? await readRows(e, img, joinedLines, firstSeen(), type, { notSerial: serial, widened: true, strips }) : null;
  lap('join');
  if (joined !== null) return { ...joined, counter: null, wheels: null };
  // A nameplate serial read as the counter row says nothing about where the drums are.
  const row = first.counter && !isSerialRow(first.counter, serial) ? first.counter : null;
  // A row read small is looked at closer still, over a longer crop, where the finer look gave
  // nothing (a far shot's; its LCD rows read at the finer scale, its drum rows at the closer one).
  const small = row && closerScaleOf(e, img, row);
  const scales = [{ scale: FINER_DETECTION * detScaleOf(e, img), closer: false }];
  if (small) scales.push({ scale: small, closer: true });
  for (const [i, { scale, closer }] of scales.entries()) {
    // The closer look a given reading had (see closerReading) is this one: the same row, crop and scale.
    const { r, crop, seen: finer } = closer && closerLook ? closerLook : await lookAround(e, img, row, first.lines, scale, closer, serial);
    lap(closer ? 'closer' : 'finer');
    retype(finer);
    const fine = await cuedReading(e, crop, finer, type, serial);
    if (fine) {
      // A row the crop may have cut short is no reading, and the looks after this one, which saw it
      // less well, get no say either (a coarser look then read a blurred gas row's `23871.518` as `23871.1`).
      if (!(fine.counter && cutByCrop(fine.counter, r, img))) return { ...fine, origin: { x: r.x0, y: r.y0 } };
      if (i === scales.length - 1) return null;
      continue;
    }
    const marked = await readBesideMarks(e, crop, finer, type);
    if (marked !== null) return { ...marked, counter: null, wheels: null, origin: { x: r.x0, y: r.y0 } };
  }

  const coarse = await look(e, img, { ...e.ocrOpts, det: { ...e.ocrOpts.det, maxSide: Math.round(e.ocrOpts.det.maxSide * COARSER_DETECTION) } }, serial);
  lap('coarse');
  retype(coarse);
  const rough = await cuedReading(e, img, coarse, type, serial);
  // A row the coarser look sees small (see look-scales.ts) is no close-up's: its digits lose strokes
  // there. The later looks go first, and it stands only where they find nothing and it reads no other
  // digit where the first pass read one surely, drum row or not (a far PAFAL's sure 1 read as a 0 by
  // the OCR and the CNN alike: 3416.8 for 13416.8; a far Elster's rolling last drum: 2669.586).
  const coarseScale = COARSER_DETECTION * detScaleOf(e, img);
  if (rough && !(rough.counter && tooSmallForCoarse(rough.counter.pitch, coarseScale))) return rough;
  const fallback = rough?.counter && !contradictsFirstPass(first, rough.counter) ? rough : null;

  const seen = firstSeen();
  const looked: LookedRow[] = [];
  const widenedReading = async (lines: OcrLineDetail[]) => {
    const widened = await widenedRows(img, lines, (rects) => e.ocr.recognizer.recognize(img, rects));
    return readRows(e, img, widened, seen, type, { notSerial: serial, widened: true, seeded: true, looked, strips });
  };
  // The first pass's lines, then the coarser look's: drums in separate windows that the detector
  // boxes one drum half at a time at the working scale, it may box a few at a time at half of it.
  const wide = (await widenedReading(first.details)) ?? (await widenedReading(coarse.details));
  lap('widen');
  if (wide !== null) return { ...wide, counter: null, wheels: null };

  const red = await look(e, img, { ...e.ocrOpts, det: { ...e.ocrOpts.det, redAsGrey: true } }, serial);
  lap('red');
  retype(red);
  const reddened = await cuedReading(e, img, red, type, serial);
  if (!reddened?.counter) return fallback;
  // As for the rescue passes, the CNN must read every cell as the OCR did, but for a rolling last
  // wheel: a digit it replaced before that is a digit nothing else vouches for (a blurred `4` read at
  // 0.37, replaced by the CNN's `7`, gave `714.676` for `414.676`).
  if (!cnnConfirms(reddened.counter, reddened.wheels, true)) return fallback;
  // White numerals on red drums fade in the red channel too: a row found there may stop a drum short
  // of its red tail. (An electricity register's one red drum is followed by its red marks.)
  return type !== 'electricity' && reddened.counter.redAfterTail ? fallback : reddened;
}

/**
 * The first pass's drum row read again by the OCR over strips of its own (see row-reread.ts), when
 * the CNN did not confirm its digits; its reading, checked as the first pass's row was.
 */
export async function rereadReading(e: Engines, img: RgbImage, first: Pass, type: MeterType): Promise<Found | null> {
  const { counter, wheels, text } = first;
  if (!counter || !wheels || !drumRow(counter) || !readingVerdict(type, text, counter, wheels).why.startsWith('cnn')) return null;
  const rects = rereadStrips(counter);
  const crops = rects.map((r, i) => {
    const crop = cropForRec(img, r, DEFAULT_REC.maxWidth);
    return ROW_REREADS[i].stretch ? stretchContrast(crop) : crop;
  });
  const lines = await readStrips(rects, () => e.ocr.recognizer.recognizeCrops(crops));
  const merged = mergeRereads(counter, lines.map((l) => lineDigits(l, REREAD_LINE)), wheels);
  const reading = merged && chooseReading(type, text, merged, wheels);
  return merged && reading !== null ? { reading, counter: merged, wheels } : null;
}

/** What the second looks' text says of the meter beyond its reading. */
export interface Typed {
  /** The first look's text that names a type, where the first pass's text named none. */
  named: ParsedText | null;
  /**
   * The highest tariff number a look read with a tariff word, where the first pass read that word
   * without its number: a shadowed `Тариф 4`, its `4` re-read at 0.63, counted 2 tariffs; the finer
   * look round the display read the `4` surely.
   */
  wordTariff: number | null;
}
