// Photo -> meter: decode, OCR, counter reader, text evidence, and a decision that may abstain.
import type { Meter, MeterType, RecognitionOutcome, Recognizer, RecognizerOptions } from './types.js';
import { BadImageError, decodeImage, type RgbImage } from './preprocess.js';
import { OcrEngine, toOcrLine, type OcrLineDetail, type OcrOptions, DEFAULT_OCR } from './ocr/engine.js';
import type { OcrLine } from './ocr/types.js';
import { findCounterWindows } from './counter/window.js';
import { readCounter, type CounterReading } from './counter/reader.js';
import { fallbackTextEvidence, type TextEvidence } from './counter/fallback-text.js';

/** Longest side of the working image every stage shares. */
const WORKING_SIDE = 1600;

export interface PipelineDetail {
  outcome: RecognitionOutcome;
  lines: OcrLine[];
  image?: { width: number; height: number };
  counter?: CounterReading | null;
  text?: TextEvidence;
  ms: Record<string, number>;
}

export interface InspectableRecognizer extends Recognizer {
  /** recognize() plus the intermediate results (benchmarks, debugging). */
  inspect(image: Uint8Array): Promise<PipelineDetail>;
}

type TextParser = (lines: OcrLine[], image: { width: number; height: number }) => TextEvidence;

export async function createRecognizer(opts: RecognizerOptions, ocrOpts: OcrOptions = DEFAULT_OCR): Promise<InspectableRecognizer> {
  const threads = Math.max(1, opts.threads);
  const ocr = await OcrEngine.load(threads);
  const parseText = await loadTextParser();
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
      img = await decodeImage(bytes, { maxPixels: opts.maxPixels, maxSide: WORKING_SIDE });
    } catch (err) {
      const reason = err instanceof BadImageError ? err.message : 'undecodable image';
      return { outcome: { kind: 'bad_image', reason }, lines: [], ms };
    }
    lap('decode');
    const details = await ocr.read(img, ocrOpts);
    lap('ocr');
    const lines = details.map(toOcrLine);
    const size = { width: img.width, height: img.height };
    const text = parseText(lines, size);
    const counter = bestCounter(img, details);
    lap('counter');
    const outcome = decide(text, counter);
    return { outcome, lines, image: size, counter, text, ms };
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

function bestCounter(img: RgbImage, lines: OcrLineDetail[]): CounterReading | null {
  for (const w of findCounterWindows(lines).slice(0, 3)) {
    const r = readCounter(img, w);
    if (r && r.digits.length >= 4) return r;
  }
  return null;
}

const MIN_DIGIT_SCORE = 0.8;

export function decide(text: TextEvidence, counter: CounterReading | null): RecognitionOutcome {
  const drumLike = counter !== null && counter.decimalSource === 'colour' && counter.regular;
  if (text.meterLikelihood < 0.5 && !drumLike) return { kind: 'no_meter' };
  const type: MeterType = text.meterType ?? (drumLike && counter!.decimals >= 2 ? 'water_unknown' : 'electricity');
  const meter: Meter = {
    type,
    serialNumber: text.serialNumber,
    currentReading: chooseReading(type, counter),
    tariffCount: type === 'electricity' ? text.tariffCount : null,
  };
  return { kind: 'meter', meter };
}

function chooseReading(type: MeterType, c: CounterReading | null): number | null {
  if (!c || !c.regular || c.minScore < MIN_DIGIT_SCORE) return null;
  if (c.digits.length < 4 || c.digits.length > 9) return null;
  // Water meters always show fractions of a cubic metre; without a found boundary we would guess.
  if (type.startsWith('water') && c.decimals === 0) return null;
  return c.value;
}

async function loadTextParser(): Promise<TextParser> {
  // The text parsers are written separately; use them when present, keyword fallback otherwise.
  const spec = './parse/index.js';
  try {
    const mod = (await import(spec)) as { parseMeterText?: (l: OcrLine[], s: { width: number; height: number }) => any };
    if (typeof mod.parseMeterText === 'function') {
      const parse = mod.parseMeterText;
      return (lines, size) => {
        const p = parse(lines, size);
        return {
          meterType: p.meterType ?? null,
          meterLikelihood: p.meterLikelihood ?? 0,
          serialNumber: p.serialNumber ?? '',
          tariffCount: p.tariffCount ?? null,
        };
      };
    }
  } catch {
    /* not there yet */
  }
  return (lines) => fallbackTextEvidence(lines);
}
