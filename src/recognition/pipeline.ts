// Photo -> meter: decode, OCR, counter reader, text evidence, and a decision that may abstain.
import type { Meter, MeterType, RecognitionOutcome, Recognizer, RecognizerOptions } from './types.js';
import { BadImageError, cropRgb, decodeImage, resizeRgb, setImageThreads, type RgbImage } from './preprocess.js';
import { contradictsFirstPass, cutByCrop, isSerialRow, secondLookRegion, unsureLead } from './second-look.js';
import { correctExposure } from './exposure.js';
import { correctColourCast } from './white-balance.js';
import { OcrEngine, readStrips, toOcrLine, type OcrLineDetail, type OcrOptions, DEFAULT_OCR } from './ocr/engine.js';
import { cropForRec, DEFAULT_REC, REC_HEIGHT } from './ocr/recognizer.js';
import type { OcrLine } from './ocr/types.js';
import { rectCorners, withEndMargins, type RotatedRect } from './ocr/geometry.js';
import type { DetectedBox } from './ocr/db-postprocess.js';
import { digitsPastWord, findCounterWindows, lineDigits, REREAD_LINE } from './counter/window.js';
import { drumRow, readCounter, type CounterReading } from './counter/reader.js';
import { readWheels, rowPart, type WheelReading } from './counter/wheels.js';
import { apartOnDrum, cnnSettles, cnnSettlesAt, combineDigits, drumsAgree, rollingAt, showsNothingOf, soleDigit, surelyReadOtherwise } from './counter/combine.js';
import { extendRedTail, unreadRedTails } from './counter/extend.js';
import { extendHeadByMarks } from './counter/extend-head.js';
import { markBoxesBeside, mergedMarkExponents, withMarkedDecimals } from './counter/scale-marks.js';
import { rowsBesideMarks } from './counter/beside-marks.js';
import { continuedByLonger, mayEndInsideRow, mayStartInsideRow, widenedRows } from './counter/widen.js';
import { joinedRows } from './counter/lone-boxes.js';
import { inkTurnsPast, inSeparateWindows, rowLook } from './counter/row-look.js';
import { drumBefore, firstRowFloor, glyphBoxedBefore, leftOutFloor } from './counter/drum-before.js';
import { halfNumerals } from './counter/half-numerals.js';
import { drumBeyond } from './counter/drum-beyond.js';
import { digitPastEnd } from './counter/digit-past-ends.js';
import { faintGlyphAt, plainRowSigns, type PlainRowSigns } from './counter/plain-row.js';
import { compareUnlit, unlitContests, unlitStrip, wipeFaintStrokes } from './counter/unlit-segments.js';
import { loadDigitClassifier, type DigitClassifier } from './digit-classifier.js';
import { parseMeterText } from './parse/index.js';
import { isRateDisplay } from './parse/display-unit.js';
import { rereadSerial } from './parse/serial-reread.js';
import { agreedMark, loneMarks } from './parse/tariff-mark.js';
import type { ParsedText } from './parse/types.js';
import { checksHold, chooseReading, cnnConfirms, cued, decide, MAX_PLAIN_DIGITS, nameplateNumber, readingVerdict } from './decision.js';
import { mergeRereads, ROW_REREADS, rereadStrips } from './counter/row-reread.js';
import { extendRedBand } from './counter/red-band.js';
import { colourStats, rotate180, rotateBy, rotateCcw, stretchContrast } from './preprocess.js';
import { medianTextScore, readsWorse, sidewaysProbes, textSlant, verticalTextShare } from './orientation.js';
import { closerScale, detectorScale, tooSmallForCoarse } from './look-scales.js';

/** Longest side of the working image every stage shares. */
const WORKING_SIDE = 1600;
/** Small photos are enlarged to this longest side: the detector misses digits only a few pixels wide. */
const MIN_WORKING_SIDE = 960;
const MAX_UPSCALE = 3;
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

/** The photo enlarged when it is small (low-resolution phone or app captures), else as is. */
export async function enlargeSmall(img: RgbImage): Promise<RgbImage> {
  const side = Math.max(img.width, img.height);
  if (side >= MIN_WORKING_SIDE / 2) return img;
  const f = Math.min(MAX_UPSCALE, MIN_WORKING_SIDE / side);
  return resizeRgb(img, Math.round(img.width * f), Math.round(img.height * f));
}

export interface PipelineDetail {
  outcome: RecognitionOutcome;
  lines: OcrLine[];
  image?: { width: number; height: number };
  counter?: CounterReading | null;
  wheels?: WheelReading | null;
  text?: ParsedText;
  ms: Record<string, number>;
  /** Degrees (counter-clockwise) the photo was turned before the pass that was kept. */
  turned?: number;
  /** Degrees (counter-clockwise) the photo, its text slanting, was levelled by before the pass that was kept. */
  levelled?: number;
  /** The first pass's text-orientation cues (what decided whether to turn the photo). */
  orientation?: { verticalShare: number; medianScore: number };
  /** The first pass's row was in doubt for its unlit segments (see analyse): only a drum row may give the reading. */
  doubted?: boolean;
}

export interface InspectableRecognizer extends Recognizer {
  /** recognize() plus the intermediate results (benchmarks, debugging). */
  inspect(image: Uint8Array): Promise<PipelineDetail>;
}

export async function createRecognizer(opts: RecognizerOptions, ocrOpts: OcrOptions = DEFAULT_OCR): Promise<InspectableRecognizer> {
  const threads = Math.max(1, opts.threads);
  setImageThreads(threads);
  const [ocr, digits] = await Promise.all([
    OcrEngine.load(threads),
    loadDigitClassifier({ modelsDir: opts.modelsDir, threads }),
  ]);
  const inspect = async (bytes: Uint8Array): Promise<PipelineDetail> => {
    const ms: Record<string, number> = {};
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      ms[name] = Math.round(now - t);
      t = now;
    };
    let img: RgbImage;
    try {
      img = correctColourCast(correctExposure(await enlargeSmall(await decodeImage(bytes, { maxPixels: opts.maxPixels, maxSide: WORKING_SIDE }))));
    } catch (err) {
      const reason = err instanceof BadImageError ? err.message : 'undecodable image';
      return { outcome: { kind: 'bad_image', reason }, lines: [], ms };
    }
    lap('decode');
    let first = await analyse(img, ocrOpts);
    lap('read');
    // A photo without EXIF orientation may be sideways or upside down: turn it only when the first
    // pass found no reading and its text says so, so that upright photos pay nothing. Upside-down
    // digits often read as confidently as upright ones (0, 1, 8), so 'no meter' alone also asks for 180.
    const orientation = { verticalShare: verticalTextShare(first.boxes), medianScore: medianTextScore(first.lines) };
    let turned = 0;
    if (passRank(first) < 2) {
      const turns = orientation.verticalShare > SIDEWAYS_SHARE ? await sidewaysTurns(img, first.boxes) : first.lines.length > 0 && (orientation.medianScore < UPSIDE_DOWN_SCORE || first.outcome.kind !== 'meter') ? [180] : [];
      let ccw: RgbImage | null = null;
      for (const deg of turns) {
        if (deg === 90) ccw = rotateCcw(img);
        const turnedImg = deg === 90 ? ccw! : deg === 270 ? rotate180(ccw ?? rotateCcw(img)) : rotate180(img);
        const pass = await analyse(turnedImg, ocrOpts);
        if (passRank(pass) > passRank(first) && !readsWorse(pass, first)) {
          first = pass;
          img = turnedImg;
          turned = deg;
        }
        if (passRank(first) === 2) break;
      }
      lap('turn');
    }
    // A photo held askew slants its text, and with it the digits the CNN reads and the boxes the
    // recogniser reads (a drum window's edge read as a 1, a slanted 4 seen at 3.9): where the first pass
    // found no reading, the photo levelled is read again. Its reading stands only where the CNN reads
    // every cell as the OCR did, as for the rescue passes: the resampled photo's red `1`, read by the
    // OCR at 0.33, became the CNN's `7` (488.974 for 488.914); the second looks then go on as before.
    // A water meter read but not told hot or cold is levelled for its small print alone (a `30°C` the
    // detector no longer boxes 20 degrees askew).
    let levelled = 0;
    const unsureWater = first.outcome.kind === 'meter' && first.outcome.meter.type === 'water_unknown';
    const slant = passRank(first) < 2 || unsureWater ? textSlant(first.boxes) : 0;
    if (Math.abs(slant) >= MIN_LEVELLED_SLANT) {
      const levelledImg = rotateBy(img, -slant);
      const pass = await analyse(levelledImg, ocrOpts);
      lap('level');
      if (first.outcome.kind === 'meter' && first.outcome.meter.currentReading !== null) {
        const type = pass.outcome.kind === 'meter' ? pass.outcome.meter.type : null;
        if (type === 'water_cold' || type === 'water_hot') first = { ...first, outcome: { kind: 'meter', meter: { ...first.outcome.meter, type } } };
      } else {
        const kept = levelledPassKept(first, pass);
        if (kept) {
          first = kept;
          img = levelledImg;
          levelled = Math.round((slant * 180) / Math.PI);
        }
      }
    }
    if (first.outcome.kind === 'no_meter') {
      const rescued = await rescaledPass(img);
      if (rescued) first = rescued;
      lap('rescale');
    }
    // A reading from a row read small is checked by a closer look at it; where that look reads the
    // row otherwise, the row was misread (a far shot's water row read with a frame edge for a `1`,
    // 100488.72), and the reading is withheld: the second looks, the first of them as close, may give it.
    let closerLook: CloserLook | undefined;
    if (first.outcome.kind === 'meter' && first.outcome.meter.currentReading !== null) {
      const closer = await closerReading(img, first, first.outcome.meter);
      if (closer !== undefined) lap('closer');
      closerLook = closer?.look;
      if (closer?.found && closer.found.reading !== first.outcome.meter.currentReading) first = { ...first, outcome: { kind: 'meter', meter: { ...first.outcome.meter, currentReading: null } } };
    }
    let result = first;
    if (first.outcome.kind === 'meter' && first.outcome.meter.currentReading === null) {
      const guessed = first.outcome.meter;
      const typed: Typed = { named: null, wordTariff: null };
      const found = await withheldReading(img, first, guessed, lap, typed, closerLook);
      const { named, wordTariff } = typed;
      const type = named?.meterType ?? guessed.type;
      const counted = named ? (named.tariffCount ?? named.electricityTariffCount) : guessed.tariffCount;
      const tariffCount = type !== 'electricity' ? null : counted !== null && wordTariff !== null ? Math.max(counted, wordTariff) : counted;
      const retyped = { ...guessed, type, tariffCount };
      result = { ...first, outcome: { kind: 'meter', meter: retyped } };
      if (found && checksHold(guessed.type, type) && secondLookStands(first, found, guessed.serialNumber, guessed.type)) {
        const meter = { ...retyped, currentReading: found.reading };
        result = { ...first, counter: found.counter ?? first.counter, wheels: found.wheels ?? first.wheels, outcome: { kind: 'meter', meter } };
      }
    }
    // A later look's reading of a number the first look saw followed by volts or degrees (a crop may
    // leave the unit out) is a measurement on show all the same.
    if (result.outcome.kind === 'meter' && result.outcome.meter.currentReading !== null && first.text && isRateDisplay(first.text.rateDisplays, result.outcome.meter.currentReading)) {
      result = { ...result, outcome: { kind: 'meter', meter: { ...result.outcome.meter, currentReading: null } } };
    }
    // The text parser never takes the row it ranks as the counter for the serial; when that row was
    // refused as a counter for its length, it is the nameplate's number (see nameplateNumber).
    if (result.outcome.kind === 'meter' && !result.outcome.meter.serialNumber && first.counter) {
      const serialNumber = nameplateNumber(first.counter);
      if (serialNumber) result = { ...result, outcome: { kind: 'meter', meter: { ...result.outcome.meter, serialNumber } } };
    }
    return { ...result, image: { width: img.width, height: img.height }, ms, turned, levelled, orientation };
  };

  /**
   * A photo in which the first pass found no meter is detected again at half and at twice the
   * detector's scale: PP-OCRv4's detector misses text far from the sizes it was trained on (a
   * low-resolution LCD enlarged until its digits are a tenth of the photo high, a blurry close-up
   * whose drum row it boxes only at twice the size). Such a pass gets no benefit of the doubt: its
   * reading stands only when the digit CNN reads every cell as the OCR did (at a scale the detector
   * handles badly, a dark LCD's 3 was read as a 9 with full confidence; the CNN saw the 3).
   */
  const rescaledPass = async (img: RgbImage): Promise<Awaited<ReturnType<typeof analyse>> | null> => {
    for (const maxSide of rescueSides(Math.min(ocrOpts.det.maxSide, Math.max(img.width, img.height)))) {
      const pass = await analyse(img, { ...ocrOpts, det: { ...ocrOpts.det, maxSide, upscale: true } });
      if (pass.outcome.kind !== 'meter') continue;
      const { meter } = pass.outcome;
      const confirmed = meter.currentReading === null || (pass.counter !== null && cnnConfirms(pass.counter, pass.wheels));
      return confirmed ? pass : { ...pass, outcome: { kind: 'meter', meter: { ...meter, currentReading: null } } };
    }
    return null;
  };

  /**
   * A look at the part of the photo round `row` (see secondLookRegion), detected at `scale` of the
   * working image; `closer`: over a longer crop, enlarged if need be (see closerReading).
   */
  const lookAround = async (img: RgbImage, row: CounterReading | null, lines: OcrLine[], scale: number, closer: boolean, serial: string) => {
    const r = secondLookRegion(img, row, lines, closer ? CLOSER_ALONG : undefined);
    const crop = cropRgb(img, r.x0, r.y0, r.x1, r.y1);
    const maxSide = Math.max(32, Math.min(closer ? MAX_CLOSER_SIDE : Infinity, Math.round(Math.max(crop.width, crop.height) * scale)));
    return { r, crop, seen: await look(crop, { ...ocrOpts, det: { ...ocrOpts.det, maxSide, upscale: closer } }, serial) };
  };

  type CloserLook = Awaited<ReturnType<typeof lookAround>>;

  const detScaleOf = (img: RgbImage) => detectorScale(Math.max(img.width, img.height), ocrOpts.det.maxSide);
  const closerScaleOf = (img: RgbImage, row: CounterReading) => closerScale(row.pitch, detScaleOf(img));

  /**
   * A closer look at a row the first pass read small, as a meter photographed from afar (see
   * look-scales.ts); undefined where the row is large enough.
   */
  const closerReading = async (img: RgbImage, first: Awaited<ReturnType<typeof analyse>>, meter: Meter): Promise<{ found: Found | null; look: CloserLook } | undefined> => {
    const row = first.counter;
    const scale = row && !isSerialRow(row, meter.serialNumber) ? closerScaleOf(img, row) : null;
    if (scale === null) return undefined;
    const look = await lookAround(img, row, first.lines, scale, true, meter.serialNumber);
    const { r, crop, seen } = look;
    const found = await cuedReading(crop, seen, meter.type, meter.serialNumber);
    if (found?.counter && cutByCrop(found.counter, r, img)) return { found: null, look };
    return { found: found && { ...found, origin: { x: r.x0, y: r.y0 } }, look };
  };

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
  const withheldReading = async (img: RgbImage, first: Awaited<ReturnType<typeof analyse>>, meter: Meter, lap: (stage: string) => void, typed: Typed, closerLook?: CloserLook): Promise<Found | null> => {
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
    const reread = await rereadReading(img, first, type);
    lap('reread');
    if (reread) return reread;
    // The first pass's text and colour, for rows read over strips.
    const firstSeen = () => ({ lines: first.lines, size: { width: img.width, height: img.height }, colour: meterColour(img, first.counter) });
    // Before the finer look: its crop, taken round the first pass's row, cut a red-band row whose
    // first drums the detector had boxed one at a time, and a cut row ends the looks.
    const joinedLines = await joinedRows(img, first.details, (rects) => ocr.recognizer.recognize(img, rects));
    // Strips over the photo read by the looks so far (see readRows' `strips`).
    const strips: CounterReading[] = [];
    const joined = joinedLines.length ? await readRows(img, joinedLines, firstSeen(), type, { notSerial: serial, widened: true, strips }) : null;
    lap('join');
    if (joined !== null) return { ...joined, counter: null, wheels: null };
    // A nameplate serial read as the counter row says nothing about where the drums are.
    const row = first.counter && !isSerialRow(first.counter, serial) ? first.counter : null;
    // A row read small is looked at closer still, over a longer crop, where the finer look gave
    // nothing (a far shot's; its LCD rows read at the finer scale, its drum rows at the closer one).
    const small = row && closerScaleOf(img, row);
    const scales = [{ scale: FINER_DETECTION * detScaleOf(img), closer: false }];
    if (small) scales.push({ scale: small, closer: true });
    for (const [i, { scale, closer }] of scales.entries()) {
      // The closer look a given reading had (see closerReading) is this one: the same row, crop and scale.
      const { r, crop, seen: finer } = closer && closerLook ? closerLook : await lookAround(img, row, first.lines, scale, closer, serial);
      lap(closer ? 'closer' : 'finer');
      retype(finer);
      const fine = await cuedReading(crop, finer, type, serial);
      if (fine) {
        // A row the crop may have cut short is no reading, and the looks after this one, which saw it
        // less well, get no say either (a coarser look then read a blurred gas row's `23871.518` as `23871.1`).
        if (!(fine.counter && cutByCrop(fine.counter, r, img))) return { ...fine, origin: { x: r.x0, y: r.y0 } };
        if (i === scales.length - 1) return null;
        continue;
      }
      const marked = await readBesideMarks(crop, finer, type);
      if (marked !== null) return { ...marked, counter: null, wheels: null, origin: { x: r.x0, y: r.y0 } };
    }

    const coarse = await look(img, { ...ocrOpts, det: { ...ocrOpts.det, maxSide: Math.round(ocrOpts.det.maxSide * COARSER_DETECTION) } }, serial);
    lap('coarse');
    retype(coarse);
    const rough = await cuedReading(img, coarse, type, serial);
    // A row the coarser look sees small (see look-scales.ts) is no close-up's: its digits lose strokes
    // there. The later looks go first, and it stands only where they find nothing and it reads no other
    // digit where the first pass read one surely, drum row or not (a far PAFAL's sure 1 read as a 0 by
    // the OCR and the CNN alike: 3416.8 for 13416.8; a far Elster's rolling last drum: 2669.586).
    const coarseScale = COARSER_DETECTION * detScaleOf(img);
    if (rough && !(rough.counter && tooSmallForCoarse(rough.counter.pitch, coarseScale))) return rough;
    const fallback = rough?.counter && !contradictsFirstPass(first, rough.counter) ? rough : null;

    const seen = firstSeen();
    const looked: LookedRow[] = [];
    const widenedReading = async (lines: OcrLineDetail[]) => {
      const widened = await widenedRows(img, lines, (rects) => ocr.recognizer.recognize(img, rects));
      return readRows(img, widened, seen, type, { notSerial: serial, widened: true, seeded: true, looked, strips });
    };
    // The first pass's lines, then the coarser look's: drums in separate windows that the detector
    // boxes one drum half at a time at the working scale, it may box a few at a time at half of it.
    const wide = (await widenedReading(first.details)) ?? (await widenedReading(coarse.details));
    lap('widen');
    if (wide !== null) return { ...wide, counter: null, wheels: null };

    const red = await look(img, { ...ocrOpts, det: { ...ocrOpts.det, redAsGrey: true } }, serial);
    lap('red');
    retype(red);
    const reddened = await cuedReading(img, red, type, serial);
    if (!reddened?.counter) return fallback;
    // As for the rescue passes, the CNN must read every cell as the OCR did, but for a rolling last
    // wheel: a digit it replaced before that is a digit nothing else vouches for (a blurred `4` read at
    // 0.37, replaced by the CNN's `7`, gave `714.676` for `414.676`).
    if (!cnnConfirms(reddened.counter, reddened.wheels, true)) return fallback;
    // White numerals on red drums fade in the red channel too: a row found there may stop a drum short
    // of its red tail. (An electricity register's one red drum is followed by its red marks.)
    return type !== 'electricity' && reddened.counter.redAfterTail ? fallback : reddened;
  };

  /**
   * The first pass's drum row read again by the OCR over strips of its own (see row-reread.ts), when
   * the CNN did not confirm its digits; its reading, checked as the first pass's row was.
   */
  const rereadReading = async (img: RgbImage, first: Awaited<ReturnType<typeof analyse>>, type: MeterType): Promise<Found | null> => {
    const { counter, wheels, text } = first;
    if (!counter || !wheels || !drumRow(counter) || !readingVerdict(type, text, counter, wheels).why.startsWith('cnn')) return null;
    const rects = rereadStrips(counter);
    const crops = rects.map((r, i) => {
      const crop = cropForRec(img, r, DEFAULT_REC.maxWidth);
      return ROW_REREADS[i].stretch ? stretchContrast(crop) : crop;
    });
    const lines = await readStrips(rects, () => ocr.recognizer.recognizeCrops(crops));
    const merged = mergeRereads(counter, lines.map((l) => lineDigits(l, REREAD_LINE)), wheels);
    const reading = merged && chooseReading(type, text, merged, wheels);
    return merged && reading !== null ? { reading, counter: merged, wheels } : null;
  };

  /**
   * A second look's reading from a row with a decimal cue: its counter row first, then the other
   * candidates. An LCD-like row is re-read without its unlit segments, as the first pass's is (see
   * analyse): where that puts its digits in doubt, the reading is the re-read's or none (a shadowed
   * `7628.161`, its `7` read as a `1` at 0.93, re-read `7628 161`). A drum in doubt that the OCR,
   * reading it alone, contests gives none either (see ocrContestsRow), as in analyse.
   */
  const cuedReading = async (img: RgbImage, seen: Awaited<ReturnType<typeof look>>, type: MeterType, serial: string): Promise<Found | null> => {
    const { counter, wheels } = seen;
    const reading = counter && cued(counter) ? chooseReading(type, seen.text, counter, wheels) : null;
    if (!counter || reading === null) return otherRowsReading(img, seen, type, serial);
    const reread = counter.plainSigns ? await unlitReread(img, seen, counter) : null;
    if (reread && unlitContests(counter, reread.comparison)) return unlitReading(img, seen, type, counter, reread, serial);
    return wheels && (await ocrContestsRow(img, counter, wheels)) ? null : { reading, counter, wheels };
  };

  /** Text read downwards (the photo was turned clockwise): undo with 90 first, else with 270 first. */
  const sidewaysTurns = async (img: RgbImage, boxes: RotatedRect[]): Promise<number[]> => {
    const { down, up } = sidewaysProbes(boxes);
    const read = await ocr.recognizer.recognize(img, [...down, ...up]);
    const total = (from: number, to: number) => read.slice(from, to).reduce((a, r) => a + r.score, 0);
    const [d, u] = [total(0, down.length), total(down.length, read.length)];
    // Text read clearly better one way is that way up: the other turn shows it upside down, where
    // 0, 6, 8 and 9 still read as digits and a plain row can pass (`96860` for a face's `09896`).
    if (d >= CLEARLY_UPRIGHT * u) return [90];
    if (u >= CLEARLY_UPRIGHT * d) return [270];
    return d >= u ? [90, 270] : [270, 90];
  };

  /** Lines read as a lone `T` or a tariff word alone, read again with margins where that reads a tariff mark (see tariff-mark.ts). */
  const withTariffMarks = async (img: RgbImage, details: OcrLineDetail[]): Promise<OcrLineDetail[]> => {
    const marks = loneMarks(details);
    if (!marks.length) return details;
    const rects = marks.map(({ index, margins }) => margins.map((m) => withEndMargins(details[index].rect, m)));
    const recs = await ocr.recognizer.recognize(img, rects.flat());
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
  };

  /** Text and candidate counter rows of one OCR pass. */
  const see = async (img: RgbImage, o: OcrOptions, notSerial = '') => {
    const boxes: RotatedRect[] = [];
    const skipped: DetectedBox[] = [];
    const details = await withTariffMarks(img, await ocr.read(img, o, boxes, skipped));
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
  };

  /** The likeliest candidate row, examined (see examineRow), as the pass's counter. */
  const examineFirst = async (img: RgbImage, seen: Awaited<ReturnType<typeof see>>): Promise<{ counter: CounterReading | null; wheels: WheelReading | null }> =>
    seen.rows[0] ? examineRow(img, seen.rows[0], seen.lines, seen.skipped) : { counter: null, wheels: null };

  /** Text, counter row and wheels of one OCR pass (no serial re-read, no verdict). */
  const look = async (img: RgbImage, o: OcrOptions, notSerial = '') => {
    const seen = await see(img, o, notSerial);
    return { ...seen, ...(await examineFirst(img, seen)) };
  };

  /** A candidate row with its red tail, marked decimals, window look and wheel readings. */
  const examineRow = async (img: RgbImage, row: CounterReading, lines: OcrLine[], skipped: DetectedBox[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> => {
    const tailed = await extendRedTail(img, row, (rects) => ocr.recognizer.recognize(img, rects), lines);
    // Drum faces past the row that the OCR read no digit on (see unreadRedTails) are the CNN's to read;
    // where it cannot read them all, they are too rolled to read, and the row stands as far as the OCR
    // read it, as a reader's label stops there (`08078.4`, its last two red drums rolling). So are those
    // past a red tail the OCR read on from the row (a BK-G4's first red `9` read on from `95554`).
    const tail = tailed === row || tailed.redAfterTail ? await settledTail(img, tailed, (unread) => examineTailed(img, unread, lines, skipped)) : null;
    if (tail?.settled) return tail.settled;
    const examined = await examineTailed(img, tailed, lines, skipped);
    return tail?.wholeDrumPast ? shortOfDrum(examined) : examined;
  };

  /** A row with its red tail settled, with its red band, marked decimals, window look and wheel readings. */
  const examineTailed = async (img: RgbImage, tailed: CounterReading, lines: OcrLine[], skipped: DetectedBox[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> => {
    const extended = await extendRedBand(img, tailed, (rects) => ocr.recognizer.recognize(img, rects));
    const beside = markBoxesBeside(extended, skipped.map((b) => b.rect)).map((i) => skipped[i]);
    const marks = beside.length > 0 ? (await ocr.readBoxes(img, beside)).map(toOcrLine) : [];
    const withMarks = [...lines, ...marks];
    const headed = await extendHeadByMarks(img, extended, withMarks, (rects) => ocr.recognizer.recognize(img, rects));
    return lookAtDrums(img, withMarkedDecimals(withMarks, headed), withMarks);
  };

  /** A row with its window look and wheel readings (`lines`: the boxes of the look that found it). */
  const lookAtDrums = async (img: RgbImage, row: CounterReading, lines: OcrLine[]): Promise<{ counter: CounterReading; wheels: WheelReading | null }> => {
    // A display's digit the pixel signs missed past the row's ends is the OCR's to find (see
    // digit-past-ends.ts): a rendered `40788.61` read `407886`, its point found, gave `40788.6`, and
    // a `9183004` whose `9` was boxed apart gave `183004`.
    const withDigitPastEnd = async (s: PlainRowSigns): Promise<PlainRowSigns> =>
      s.inkPastEnd || !(await digitPastEnd(row, (rects) => ocr.recognizer.recognize(img, rects, BESIDE_ROW), (centre) => faintGlyphAt(img, row, centre))) ? s : { ...s, inkPastEnd: true };
    const signs = async () => {
      const windows = rowLook(img, row);
      const plainWindows = row.decimalSource === 'none' && inSeparateWindows(windows) && row.digits.length <= MAX_PLAIN_DIGITS;
      const further = plainWindows ? await drumBeyond(row, (rects) => ocr.recognizer.recognize(img, rects, BESIDE_ROW)) : null;
      const beyond = further !== null && inkTurnsPast(img, row, windows, further);
      // Drum rows, and plain rows taken as whole drums for the tenth past them, may have lost a first drum.
      const drums = drumRow(row) || beyond;
      const before = drums ? await drumBefore(row, (rects) => ocr.recognizer.recognize(img, rects, BESIDE_ROW), () => glyphBoxedBefore(lines, row)) : null;
      // LCD-like rows: no red drums or marks for the CNN to check against, and no windows round the
      // digits, or a printed point (a strip re-read wider than an LCD's digits can take in its frame and
      // look windowed: a blurred one's 1 read as 8 went unchecked there).
      const lcdLike = !drums && (!inSeparateWindows(windows) || row.decimalSource === 'point');
      const plainSigns = lcdLike ? await withDigitPastEnd(plainRowSigns(img, row)) : undefined;
      const halves = drums ? halfNumerals(lines, row) : [];
      return { ...row, windows, drumBeyond: beyond, drumBefore: before, plainSigns, ...(halves.length ? { halfNumerals: halves } : {}) };
    };
    // The wheels need only the row's cells: the CNN reads them while a helper lane's recogniser looks past the row's ends.
    const [counter, wheels] = await Promise.all([signs(), readWheels(img, row, digits)]);
    return { counter, wheels };
  };

  /**
   * When the row taken as the counter gives no reading, the other candidate rows are tried, each
   * checked as the counter would be; a reading is kept only when every row that gives one agrees.
   * Only rows with a decimal cue count here: a plain number elsewhere on the nameplate passes the
   * plain-row checks as easily as the counter does.
   */
  const otherRowsReading = async (img: RgbImage, seen: Awaited<ReturnType<typeof look>>, type: MeterType, serial: string) => {
    let kept: { reading: number; counter: CounterReading; wheels: WheelReading | null } | null = null;
    for (const row of seen.rows.slice(1)) {
      if (isSerialRow(row, serial)) continue;
      const { counter, wheels } = await examineRow(img, row, seen.lines, seen.skipped);
      const reading = cued(counter) ? chooseReading(type, seen.text, counter, wheels) : null;
      if (reading === null) continue;
      if (kept && kept.reading !== reading) return null;
      kept ??= { reading, counter, wheels };
    }
    return kept;
  };

  /**
   * The reading of drums found through their multiplier marks, when every candidate strip that
   * gives one gives the same (checked like any counter, for the first pass's meter type).
   */
  const readBesideMarks = async (img: RgbImage, seen: Awaited<ReturnType<typeof look>>, type: MeterType) => {
    const rows = await rowsBesideMarks(img, seen.details, (rects) => ocr.recognizer.recognize(img, rects));
    return readRows(img, rows, seen, type);
  };

  /**
   * The reading of re-read strips with a decimal cue, when every strip that gives one gives the same.
   * `widened`: the strips were widened around a seed line, and must hold the row's start (see widen.ts);
   * `seeded`: they reach a few pitches past a seed line of a few digits, which may be the row's first
   * ones, and must hold its end too; `strips`: the rows of the strips read over the same photo by the
   * caller's earlier calls, to which this call's are added (see continuedByLonger).
   */
  const readRows = async (img: RgbImage, rows: OcrLineDetail[], seen: { lines: OcrLine[]; size: { width: number; height: number }; colour: { redRatio: number; blueRatio: number } }, type: MeterType, { notSerial = '', widened = false, seeded = false, looked = [] as LookedRow[], strips = [] as CounterReading[] } = {}): Promise<{ reading: number; drums: boolean; decimals: number; plainRows: CounterReading[] } | null> => {
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
      const tailed = found.redBeyond ? await extendRedTail(img, found, (rects) => ocr.recognizer.recognize(img, rects), seen.lines) : found;
      const marked = withMarkedDecimals(seen.lines, tailed);
      if (!cued(marked)) {
        rowsRead.push(marked);
        continue;
      }
      // A red drum face after the strip's red tail: its OCR stopped short of a rolling last drum (read
      // as `.` or `l`: `76800.69` for `76800.697`), which is the CNN's to read, as in the first pass.
      const tail = marked.redAfterTail ? await settledTail(img, marked, (unread) => lookAtDrums(img, withMarkedDecimals(seen.lines, unread), seen.lines)) : null;
      const asRead = async () => {
        const r = await lookAtDrums(img, marked, seen.lines);
        return tail?.wholeDrumPast ? shortOfDrum(r) : r;
      };
      const { counter, wheels } = tail?.settled ?? (await asRead());
      rowsRead.push(counter);
      const text = parseMeterText([...seen.lines, toOcrLine(row)], seen.size, seen.colour);
      const reading = chooseReading(type, text, counter, wheels);
      const drum = drumRow(counter);
      if (drum) looked.push({ counter, wheels });
      if (reading === null || (wheels && (await ocrContestsRow(img, counter, wheels)))) continue;
      // A strip widened past a display's row may take in a blank digit, its unlit segments darkened
      // (a shadow's edge across them) into an `8`: it is re-read without them, as the first pass's row
      // is (a rendered `720.9` after four blank digits, withheld by the first pass for the ink past its
      // end, was read `8720.9` from the strip widened along it).
      if (widened && counter.plainSigns && unlitContests(counter, (await unlitRead(img, counter)).comparison)) continue;
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
  };

  /**
   * The first of the row's unread tails (see unreadRedTails), looked at by `look`, whose added drums
   * the CNN reads (`settled`); none where it reads none's. The row then stands as far as the OCR read
   * it, as a reader's label stops at drums too rolled to read, unless the CNN saw the first drum past
   * it firmly on a whole digit (`wholeDrumPast`): a drum a reader writes down that neither reader
   * settles (a rendered BK-G4's second red `9`, which the CNN read firmly as 0.1 in a monospaced face,
   * left `95554.9` for `95554.996`). Not one it reads unsurely: a perspective shot's last red drum,
   * which its label leaves out, seen at 1.0 with no digit firm.
   */
  const settledTail = async (img: RgbImage, row: CounterReading, look: (unread: CounterReading) => Promise<{ counter: CounterReading; wheels: WheelReading | null }>) => {
    let wholeDrumPast = false;
    for (const unread of unreadRedTails(img, row)) {
      const looked = await look(unread);
      const from = looked.counter.cells.length - (unread.cells.length - row.cells.length);
      const { wheels } = looked;
      const past = wheels?.probabilities?.[from];
      wholeDrumPast ||= wheels !== null && past !== undefined && soleDigit(past) !== null && !rollingAt(wheels.positions[from]);
      const settles = async (r: { counter: CounterReading; wheels: WheelReading | null }) =>
        r.wheels !== null && cnnSettles(r.counter, r.wheels, from) && !(await ocrContestsTail(img, r.counter, r.wheels, from));
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
  };

  /** The row as read, short of a drum past it that a reader writes down (see settledTail): no reading. */
  const shortOfDrum = (r: { counter: CounterReading; wheels: WheelReading | null }) => ({ ...r, counter: { ...r.counter, redBeyond: true } });

  /**
   * Whether the OCR, reading each drum from `from` on alone, surely reads a digit there that the CNN's
   * is not, nor one next to it (a rolling drum shows two), or one the drum as the CNN sees it does not
   * show (a serif red `9` read `9` at 0.99 alone, seen at 0.0: `38557.00` for `38557.09`): the CNN
   * misread a drum nothing else read.
   */
  const ocrContestsTail = async (img: RgbImage, counter: CounterReading, wheels: WheelReading, from: number): Promise<boolean> => {
    const digits = combineDigits(counter, wheels).digits;
    const at = counter.cells.map((_, i) => i).slice(from);
    const reads = await loneDrumReads(img, counter, at);
    return reads.some((d, k) => d !== null && (apartOnDrum(d, Number(digits[at[k]])) || showsNothingOf(d, wheels.positions[at[k]])));
  };

  /**
   * Whether the OCR, reading alone a drum before the last whose digit is in doubt, surely reads there a
   * digit the row cannot show: the CNN framed or saw that drum wrong. In doubt: a digit the CNN gave in
   * place of one the OCR read apart from it on the drum (a rendered mono `3`, read at 0.53 in its box
   * and at 0.97 alone, was a firm `5` to a CNN framed on its lower half: `2599.5` for `2399.5`), and a
   * leading 0 the OCR barely read, which read alone as a digit past 1 is a dim first drum (a shadowed
   * `9`, read `0` at 0.45 and seen at 9.9: `2999.999` for `92999.999`; a lone `1` may be the window's
   * frame). A `1` the CNN sees in a `0` the OCR reads (see MAX_SMEARED_ONES in combine.ts) is next to
   * it on the drum, and not contested here.
   */
  const ocrContestsRow = async (img: RgbImage, counter: CounterReading, wheels: WheelReading): Promise<boolean> => {
    const digits = combineDigits(counter, wheels).digits;
    const last = counter.cells.length - 1;
    const dimLead = (i: number) => i === 0 && digits[0] === '0' && counter.cells[0].score < UNSURE_LEAD;
    const at = counter.cells.flatMap((cell, i) => (i < last && !cell.unread && (apartOnDrum(cell.digit, Number(digits[i])) || dimLead(i)) ? [i] : []));
    if (at.length === 0) return false;
    const reads = await loneDrumReads(img, counter, at);
    return reads.some((d, k) => d !== null && (apartOnDrum(d, Number(digits[at[k]])) || (dimLead(at[k]) && d > 1)));
  };

  /** The digit the OCR surely reads on each of cells `at` cropped alone (see LONE_DRUM_WIDTH), or null. */
  const loneDrumReads = async (img: RgbImage, counter: CounterReading, at: number[]): Promise<(number | null)[]> => {
    const angle = Math.atan2(counter.axis[1], counter.axis[0]);
    const rects = at.map((i) => counter.cells[i]).map((cell) => ({ cx: cell.x, cy: cell.y, width: counter.pitch * LONE_DRUM_WIDTH, height: counter.height * LONE_DRUM_HEIGHT, angle }));
    const reads = await ocr.recognizer.recognize(img, rects);
    return reads.map((rec) => (/^\d$/.test(rec.text) && rec.score >= SURE_LONE_DRUM ? Number(rec.text) : null));
  };

  /**
   * An LCD-like row read again with the display's unlit segments wiped out, and how that compares
   * with the row (see unlit-segments.ts); null when the row's line(s) hold a digit the row left out
   * (off its pitch), or more digits past a word (a model code's `2023F189-8`): the re-read stands for
   * those lines in the text, and those digits would go missing from the parser's pick too.
   */
  const unlitReread = async (img: RgbImage, seen: Awaited<ReturnType<typeof look>>, row: CounterReading) => {
    const rowLines = [...new Set(row.cells.map((c) => c.line))];
    if (rowLines.some((i) => !seen.details[i] || digitsPastWord(seen.details[i].text) > 0) || rowLines.reduce((n, i) => n + lineDigits(seen.details[i], i).length, 0) !== row.cells.length) return null;
    return { ...(await unlitRead(img, row)), rowLines };
  };

  /** The row's strip read without its display's unlit segments, and how that compares with the row (see unlit-segments.ts). */
  const unlitRead = async (img: RgbImage, row: CounterReading) => {
    const [line] = await readStrips([unlitStrip(row)], (rects) =>
      ocr.recognizer.recognizeCrops(rects.map((r) => wipeFaintStrokes(cropForRec(img, r, DEFAULT_REC.maxWidth), (row.pitch * REC_HEIGHT) / r.height))),
    );
    return { line, comparison: compareUnlit(row, lineDigits(line, REREAD_LINE)) };
  };

  /**
   * The reading of the re-read row, when it is the row with only unlit segments taken away (or the
   * same digits) and passes every check the first pass's row had to.
   */
  const unlitReading = async (img: RgbImage, seen: Awaited<ReturnType<typeof look>>, type: MeterType, row: CounterReading, reread: NonNullable<Awaited<ReturnType<typeof unlitReread>>>, serial: string): Promise<Found | null> => {
    const { comparison: cmp, line, rowLines } = reread;
    if (cmp.kind !== 'fewer' && cmp.kind !== 'same') return null;
    const found = readCounter(img, { cells: cmp.cells, axis: row.axis, height: row.height, pitch: row.pitch, lineIndexes: [], score: 0 });
    if (!found) return null;
    const looked = await lookAtDrums(img, withMarkedDecimals(seen.lines, found), seen.lines);
    if (!looked.counter.plainSigns) return null;
    // The cells the re-read left out before its first digit were read as 8s: blank digits, all unlit.
    const counter = { ...looked.counter, blankLead: row.cells.length - cmp.cells.length };
    const wheels = looked.wheels;
    // The row's own lines are left out, and with them a serial read on the row's line (`No 01234567`).
    const text = { ...parseMeterText([...seen.lines.filter((_, i) => !rowLines.includes(i)), toOcrLine(line)], seen.size, seen.colour), serialNumber: serial };
    const reading = chooseReading(type, text, counter, wheels);
    return reading === null ? null : { reading, counter, wheels };
  };

  const analyse = async (img: RgbImage, o: OcrOptions) => {
    const seenText = await see(img, o);
    const { details, boxes, lines, size, colour, text: parsed } = seenText;
    const serialOf = async (found: ParsedText, read: OcrLineDetail[], readLines: OcrLine[]) =>
      found.serialNumber
        ? rereadSerial(
            found.serialNumber,
            read.map((d, i) => ({ line: readLines[i], rect: d.rect })),
            async (rect, margin) => {
              const [r] = await ocr.recognizer.recognize(img, [withEndMargins(rect, margin)], BESIDE_ROW);
              return r ? { text: r.text, score: r.score, charScores: r.charScores } : null;
            },
            (ls) => parseMeterText(ls, size, colour).serialNumber,
          )
        : '';
    // The serial's re-read (on a helper lane) and the counter row's examination need nothing of each other.
    const [examined, serialRead] = await Promise.all([examineFirst(img, seenText), serialOf(parsed, details, lines)]);
    const seen = { ...seenText, ...examined };
    let { counter, wheels } = seen;
    let serialNumber = serialRead;
    let outcome = decide({ ...parsed, serialNumber }, counter, wheels, lines);
    // A busy photo (stickers, instructions) can push a small nameplate number out of the most
    // prominent boxes: a meter without a serial has its next boxes read for one.
    if (outcome.kind === 'meter' && !serialNumber && seen.skipped.length > 0) {
      const more = [...details, ...(await ocr.readBoxes(img, seen.skipped.slice(0, o.maxLines)))];
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
    const reread = outcome.kind === 'meter' && counter?.plainSigns ? await unlitReread(img, seen, counter) : null;
    const contested = reread !== null && unlitContests(counter!, reread.comparison);
    if (outcome.kind === 'meter' && reread && (outcome.meter.currentReading === null || contested)) {
      const clean = await unlitReading(img, seen, outcome.meter.type, counter!, reread, serialNumber);
      doubted = contested && clean === null;
      if (clean) ({ counter, wheels } = clean);
      outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: clean?.reading ?? null } };
    }
    if (outcome.kind === 'meter' && outcome.meter.currentReading === null) {
      const other = await otherRowsReading(img, { ...seen, text }, outcome.meter.type, serialNumber);
      if (other && (!doubted || drumRow(other.counter))) {
        ({ counter, wheels } = other);
        outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: other.reading } };
      }
    }
    // A drum in doubt that the OCR, reading it alone, reads as a digit the row cannot show (see ocrContestsRow).
    if (outcome.kind === 'meter' && outcome.meter.currentReading !== null && counter && wheels && (await ocrContestsRow(img, counter, wheels))) {
      outcome = { kind: 'meter', meter: { ...outcome.meter, currentReading: null } };
    }
    return { outcome, lines, boxes, counter, wheels, text, details, doubted };
  };
  return {
    inspect,
    async recognize(bytes) {
      try {
        return (await inspect(bytes)).outcome;
      } catch (err) {
        // A failure inside the models is an internal error, not a verdict about the photo.
        if (err instanceof BadImageError) return { kind: 'bad_image', reason: err.message };
        throw err;
      }
    },
  };
}

/**
 * Recogniser runs made while this thread examines the counter row (the serial's wider re-read) or reads
 * its wheels (the looks past the row's ends): on the helper lanes (see onnx-lanes.ts).
 */
const BESIDE_ROW = { ...DEFAULT_REC, offThread: true };

/** A drum row a second look examined over a strip of its own, and its wheels (see drumsAgree). */
interface LookedRow {
  counter: CounterReading;
  wheels: WheelReading | null;
}

/**
 * The levelled pass that replaces a first pass without a reading (see inspect), or null: one whose
 * reading the CNN confirms cell by cell, or one that finds a meter where the first found none (without
 * an unconfirmed reading), and reads its text no worse; with the first pass's serial where it read none
 * (its resampled small print).
 */
function levelledPassKept<P extends { outcome: RecognitionOutcome; lines: OcrLine[]; counter: CounterReading | null; wheels: WheelReading | null }>(first: P, pass: P): P | null {
  if (pass.outcome.kind !== 'meter' || readsWorse(pass, first)) return null;
  const { meter } = pass.outcome;
  const confirmed = meter.currentReading !== null && pass.counter !== null && cnnConfirms(pass.counter, pass.wheels);
  if (!confirmed && first.outcome.kind !== 'no_meter') return null;
  const serialNumber = meter.serialNumber || (first.outcome.kind === 'meter' ? first.outcome.meter.serialNumber : '');
  return { ...pass, outcome: { kind: 'meter', meter: { ...meter, serialNumber, currentReading: confirmed ? meter.currentReading : null } } };
}

/** What the second looks' text says of the meter beyond its reading. */
interface Typed {
  /** The first look's text that names a type, where the first pass's text named none. */
  named: ParsedText | null;
  /**
   * The highest tariff number a look read with a tariff word, where the first pass read that word
   * without its number: a shadowed `Тариф 4`, its `4` re-read at 0.63, counted 2 tariffs; the finer
   * look round the display read the `4` surely.
   */
  wordTariff: number | null;
}

/** A reading found by a second look, with the row it came from when that row is known. */
interface Found {
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
  if (row?.plainSigns?.inkPastEnd && significant(foundDigits) <= significant(row.digits)) return false;
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

/** A drum the CNN alone read, cropped for the OCR to read alone: its pitch's width, a little above and below it. */
const LONE_DRUM_WIDTH = 1;
const LONE_DRUM_HEIGHT = 1.15;
/** OCR confidence at which a lone drum's digit contests the CNN's. */
const SURE_LONE_DRUM = 0.9;
/** OCR confidence under which a row's leading 0 is checked by reading its drum alone (see ocrContestsRow). */
const UNSURE_LEAD = 0.7;

/** Detector scales, relative to the first pass's, of the passes over a photo where it found no meter. */
const RESCUE_SCALES = [0.5, 2];
/**
 * Detector input sides those passes stay within. A larger one costs memory that onnxruntime keeps:
 * with 1280 the server's peak RSS over meters-dev was 891 MiB, with 1024 724 MiB (692 without rescues).
 */
const MIN_RESCUE_SIDE = 320;
const MAX_RESCUE_SIDE = 1024;
/** A rescue pass at nearly the first pass's scale would see what it saw. */
const MIN_RESCUE_CHANGE = 64;

/** Detector input sides of the rescue passes after a first pass at `used` (see rescaledPass). */
export function rescueSides(used: number): number[] {
  const sides = RESCUE_SCALES.map((f) => Math.round(Math.min(MAX_RESCUE_SIDE, Math.max(MIN_RESCUE_SIDE, used * f))));
  return [...new Set(sides)].filter((side) => Math.abs(side - used) >= MIN_RESCUE_CHANGE);
}

/** Text slanting less than this (radians, 5 degrees) is read as it is. */
const MIN_LEVELLED_SLANT = (5 * Math.PI) / 180;

/** Share of vertical text boxes (by area) above which the photo is taken as sideways. */
const SIDEWAYS_SHARE = 0.6;
/** Median line confidence below which a photo without a reading may be upside down. */
const UPSIDE_DOWN_SCORE = 0.75;

/** How far a pass got: 2 a reading, 1 a meter without one, 0 no meter; line confidence breaks ties. */
function passRank(p: { outcome: RecognitionOutcome; lines: OcrLine[] }): number {
  const o = p.outcome;
  const rank = o.kind !== 'meter' ? 0 : o.meter.currentReading === null ? 1 : 2;
  return rank + (rank < 2 ? medianTextScore(p.lines) * 0.99 : 0);
}

/** How much better the probes must read one way than the other for only that turn to be tried. */
const CLEARLY_UPRIGHT = 1.5;

/** Candidate rows examined: the counter is not always among the tallest digit lines (a tag, a barcode number). */
const MAX_ROWS = 5;

/**
 * Candidate counters among the best-scored digit rows, the likeliest first: a row ending in red
 * fractional drums is a counter whatever its size (a nameplate serial can be printed larger than
 * the drums), else the best row.
 * A row holding the serial number already read off the nameplate is left out.
 */
function counterRows(img: RgbImage, lines: OcrLineDetail[], notSerial = ''): CounterReading[] {
  const rows: CounterReading[] = [];
  for (const w of findCounterWindows(lines).slice(0, MAX_ROWS)) {
    const r = readCounter(img, w);
    // The drums' multiplier marks printed under them ("1000 100 10 1") read as one row of digits.
    if (r && r.digits.length >= 4 && !isSerialRow(r, notSerial) && !mergedMarkExponents(r.digits)) rows.push(r);
  }
  const drum = rows.findIndex((r) => r.decimalSource === 'colour' && r.regular);
  return drum > 0 ? [rows[drum], ...rows.filter((_, i) => i !== drum)] : rows;
}

/**
 * Red and blue on the meter: the central part of the photo (body, ring) less the counter row's box,
 * and the dial face right under the counter row, where cold/hot water meters carry their blue/red
 * marking (the red fractional drums themselves are left out of both).
 */
export function meterColour(img: RgbImage, c: CounterReading | null): { redRatio: number; blueRatio: number } {
  if (!c || c.cells.length < 3 || Math.abs(c.axis[1]) > 0.35) return imageColour(img, null);
  const xs = c.cells.map((k) => k.x);
  const y = c.cells.reduce((a, k) => a + k.y, 0) / c.cells.length;
  const x0 = Math.min(...xs) - c.pitch;
  const x1 = Math.max(...xs) + c.pitch;
  const whole = imageColour(img, { x0, y0: y - c.height, x1, y1: y + c.height });
  const dial = colourStats(img, x0, y + c.height, x1, y + 6 * c.height, 2);
  return { redRatio: Math.max(whole.redRatio, dial.redFraction), blueRatio: Math.max(whole.blueRatio, dial.blueFraction) };
}

const CENTRE = 0.15;
const CENTRE_STEP = 4;

/**
 * Share of red and blue pixels in the central part of the photo (meter body, ring), less the drum
 * row's box (`row`): every water meter's red decimal drums said hot where nothing else said which
 * (a rendered cold meter's face without its `30°C`).
 */
function imageColour(img: RgbImage, row: { x0: number; y0: number; x1: number; y1: number } | null): { redRatio: number; blueRatio: number } {
  const [cx0, cy0, cx1, cy1] = [img.width * CENTRE, img.height * CENTRE, img.width * (1 - CENTRE), img.height * (1 - CENTRE)];
  const s = colourStats(img, cx0, cy0, cx1, cy1, CENTRE_STEP);
  if (!row) return { redRatio: s.redFraction, blueRatio: s.blueFraction };
  // The same sampling grid inside the row's box, where it overlaps the centre.
  const snap = (v: number, from: number) => from + Math.ceil((v - from) / CENTRE_STEP) * CENTRE_STEP;
  const inner = colourStats(img, snap(Math.max(cx0, row.x0), Math.floor(cx0)), snap(Math.max(cy0, row.y0), Math.floor(cy0)), Math.min(cx1, row.x1), Math.min(cy1, row.y1), CENTRE_STEP);
  const rest = s.samples - inner.samples;
  if (inner.samples === 0 || rest <= 0) return { redRatio: s.redFraction, blueRatio: s.blueFraction };
  const less = (all: number, part: number) => Math.max(0, (all * s.samples - part * inner.samples) / rest);
  return { redRatio: less(s.redFraction, inner.redFraction), blueRatio: less(s.blueFraction, inner.blueFraction) };
}
