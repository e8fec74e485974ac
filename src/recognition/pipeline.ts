// Photo -> meter: decode, OCR, counter reader, text evidence, and a decision that may abstain.
import type { RecognitionOutcome, Recognizer, RecognizerOptions } from './types.js';
import { BadImageError, decodeImage, resizeRgb, rotate180, rotateBy, rotateCcw, setImageThreads, type RgbImage } from './preprocess.js';
import { correctExposure } from './exposure.js';
import { correctColourCast } from './white-balance.js';
import { OcrEngine, type OcrOptions, DEFAULT_OCR } from './ocr/engine.js';
import type { OcrLine } from './ocr/types.js';
import type { RotatedRect } from './ocr/geometry.js';
import type { CounterReading } from './counter/reader.js';
import type { WheelReading } from './counter/wheels.js';
import { loadDigitClassifier } from './digit-classifier.js';
import { isRateDisplay } from './parse/display-unit.js';
import type { ParsedText } from './parse/types.js';
import { checksHold, cnnConfirms, nameplateNumber } from './decision.js';
import { medianTextScore, readsWorse, sidewaysProbes, textSlant, verticalTextShare } from './orientation.js';
import type { Engines } from './passes/engines.js';
import { analyse, type Pass } from './passes/analyse.js';
import { closerReading, withheldReading, type CloserLook, type Typed } from './passes/withheld.js';
import { secondLookStands } from './passes/found.js';

/** Longest side of the working image every stage shares. */
const WORKING_SIDE = 1600;
/** Small photos are enlarged to this longest side: the detector misses digits only a few pixels wide. */
const MIN_WORKING_SIDE = 960;
const MAX_UPSCALE = 3;

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
  const e: Engines = { ocr, digits, ocrOpts };
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
    let first = await analyse(e, img, ocrOpts);
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
        const pass = await analyse(e, turnedImg, ocrOpts);
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
      const pass = await analyse(e, levelledImg, ocrOpts);
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
      const closer = await closerReading(e, img, first, first.outcome.meter);
      if (closer !== undefined) lap('closer');
      closerLook = closer?.look;
      if (closer?.found && closer.found.reading !== first.outcome.meter.currentReading) first = { ...first, outcome: { kind: 'meter', meter: { ...first.outcome.meter, currentReading: null } } };
    }
    let result = first;
    if (first.outcome.kind === 'meter' && first.outcome.meter.currentReading === null) {
      const guessed = first.outcome.meter;
      const typed: Typed = { named: null, wordTariff: null };
      const found = await withheldReading(e, img, first, guessed, lap, typed, closerLook);
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
  const rescaledPass = async (img: RgbImage): Promise<Pass | null> => {
    for (const maxSide of rescueSides(Math.min(ocrOpts.det.maxSide, Math.max(img.width, img.height)))) {
      const pass = await analyse(e, img, { ...ocrOpts, det: { ...ocrOpts.det, maxSide, upscale: true } });
      if (pass.outcome.kind !== 'meter') continue;
      const { meter } = pass.outcome;
      const confirmed = meter.currentReading === null || (pass.counter !== null && cnnConfirms(pass.counter, pass.wheels));
      return confirmed ? pass : { ...pass, outcome: { kind: 'meter', meter: { ...meter, currentReading: null } } };
    }
    return null;
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
