// Classifies each counter cell with the digit-wheel CNN and composes the digits with carry logic.
import { composeDigits, CELL_HEIGHT, CELL_WIDTH, type DigitClassifier, type WheelPrediction } from '../digit-classifier.js';
import { sampleQuadSmooth, type RgbImage } from '../preprocess.js';
import type { Point } from '../ocr/types.js';
import { cellQuad, type CounterReading } from './reader.js';
import { drumDistance } from './combine.js';

export interface WheelReading {
  /** Wheel positions 0.0..9.9 per cell. */
  positions: number[];
  digits: number[];
  confidences: number[];
  /** Softmax over the 100 positions per cell (index i = position i/10). */
  probabilities: Float32Array[];
  /** The crop framing the search settled on (scale of the cell, shifts in cell heights/pitches). */
  framing: Framing;
}

export interface Framing {
  scale: number;
  dy: number;
  dx: number;
}

/** Fraction of the OCR box height the digit itself fills (the box is grown by DB unclipping). */
const DIGIT_IN_BOX = 0.62;
/** Fraction of the cell crop height the digit should fill (as in the classifier's training crops). */
const DIGIT_IN_CELL = 0.7;

/**
 * The OCR box only roughly frames the drums: its height depends on the detector's unclipping and
 * on the window frame, and its centre may sit above or below the digits. A tenths classifier is
 * very sensitive to that: a digit sitting low in its crop reads as the wheel a tenth or two short,
 * and the CNN is just as confident of that. So the framing is chosen by what every counter obeys:
 * the wheels left of the last two sit on a whole digit (they move only while their right
 * neighbour passes 9 -> 0, or by a tenth on continuously geared counters). One framing per row,
 * not per cell, so a wheel really caught half way between two digits still reads as such.
 */
const SHIFTS_Y = [-0.2, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2];
const SCALES = [0.9, 1.12];
/**
 * A detector box that hugs the numerals (as on rendered faces) makes crops sized by DIGIT_IN_BOX too
 * tight: cut numerals that the CNN reads as wheels a tenth short, or a `3.4` as `5.3`, as surely as
 * right ones. Where the usual framing reads the whole drums (those left of the last two) near the
 * OCR's digits but half of them or more short of it, crops this much larger are tried too, and
 * taken only if they read every such drum as the OCR did. Not by the framing score, nor for reading
 * more of them so, nor where the usual framing reads another digit: a larger crop takes in a PAFAL
 * window's outline and reads its `1`s as `0`s, sharply, where the usual one read a `4` at 3.9 (which
 * the decision takes for a 4), or a `1` that the OCR misread as a `0` in a blurred photo, as a `1`.
 * They must read the drum before the last as the OCR did too (a slanted Itelma row's `1` there,
 * read as a `0`); the last, which may roll, is theirs to read where the usual crops did not read it
 * as the OCR did either.
 */
/** How near (in wheel positions) the usual framing must read each whole drum to the OCR's digit for larger crops to be tried. */
const NEAR_OCR = 0.25;
const WIDE_SCALES = [1.35, 1.6];
const WIDE_SHIFTS_Y = [-0.2, -0.1, 0, 0.1, 0.2];
/**
 * Share of the whole drums read short of the OCR's digits from which the crops are taken for too
 * tight: one drum a tenth short is the CNN's usual jitter, which the decision allows for.
 */
const SHORT_SHARE = 0.5;
const FINE_Y = [-0.025, 0.025];
const SHIFTS_X = [-0.08, 0.08];

export async function readWheels(img: RgbImage, counter: CounterReading, classifier: DigitClassifier): Promise<WheelReading> {
  const centres = fitCentres(counter);
  const baseH = (counter.height * DIGIT_IN_BOX) / DIGIT_IN_CELL;
  const n = centres.length;
  const steady = n >= 5 ? n - 2 : n - 1;
  // Each candidate keeps its predictions, so the chosen framing is not classified again.
  type Scored = Framing & { score: number; preds?: WheelPrediction[] };
  const score = async (fs: Framing[], around: Scored): Promise<Scored> => {
    const all = await classifyFramings(img, counter, centres, baseH, fs, classifier);
    let bi = -1;
    let bs = around.score;
    all.forEach((preds, i) => {
      const s = framingScore(preds, steady);
      if (s > bs + 1e-6) (bs = s), (bi = i);
    });
    return bi < 0 ? around : { ...fs[bi], score: bs, preds: all[bi] };
  };
  let best: Scored = { scale: 1, dy: 0, dx: 0, score: -Infinity };
  best = await score(SHIFTS_Y.map((dy) => ({ scale: 1, dy, dx: 0 })), best);
  best = await score(SCALES.map((scale) => ({ scale, dy: best.dy, dx: best.dx, score: best.score })), best);
  best = await score(FINE_Y.map((d) => ({ scale: best.scale, dy: best.dy + d, dx: best.dx, score: best.score })), best);
  best = await score(SHIFTS_X.map((dx) => ({ scale: best.scale, dy: best.dy, dx, score: best.score })), best);
  // The larger crops must read every drum but the last (which may roll) as the OCR did.
  const agreeing = (s: Scored) => (s.preds ? ocrAgreement(counter, s.preds, n - 1) : -1);
  const readButLast = readCells(counter, n - 1);
  const short = best.preds ? readCells(counter, steady) - ocrAgreement(counter, best.preds, steady) : 0;
  if (best.preds && short > 0 && short >= SHORT_SHARE * readCells(counter, steady) && nearOcr(counter, best.preds, steady)) {
    let wide: Scored = { scale: 1, dy: 0, dx: 0, score: -Infinity };
    wide = await score(WIDE_SCALES.flatMap((scale) => WIDE_SHIFTS_Y.map((dy) => ({ scale, dy, dx: 0 }))), wide);
    wide = await score(FINE_Y.map((d) => ({ scale: wide.scale, dy: wide.dy + d, dx: 0, score: wide.score })), wide);
    // Nor may they lose the last drum's agreement with the OCR: a larger crop round a rolling last
    // drum takes in more of the digit coming in (a small photo's `8` at 8.4 read as 9.0).
    const lastAgrees = (s: Scored) => (s.preds ? ocrAgreement(counter, s.preds, n) - ocrAgreement(counter, s.preds, n - 1) : 0);
    if (agreeing(wide) === readButLast && lastAgrees(wide) >= lastAgrees(best)) best = wide;
  }
  const framing: Framing = { scale: best.scale, dy: best.dy, dx: best.dx };
  const preds = best.preds ?? (await classifyFramings(img, counter, centres, baseH, [framing], classifier))[0];
  const composed = composeDigits(preds);
  return {
    positions: preds.map((p) => p.value),
    digits: composed.digits,
    confidences: composed.confidences,
    probabilities: preds.map((p) => p.probabilities),
    framing,
  };
}

/** Cells before `upTo` the OCR read a digit on (not cells added unread for the CNN). */
function readCells(c: CounterReading, upTo: number): number {
  return c.cells.slice(0, upTo).filter((k) => !k.unread).length;
}

/** How many of the cells before `upTo` that the OCR read a digit on the wheel readings compose to that digit. */
export function ocrAgreement(c: CounterReading, preds: readonly WheelPrediction[], upTo: number): number {
  const { digits } = composeDigits(preds);
  return c.cells.slice(0, upTo).filter((k, i) => !k.unread && digits[i] === k.digit).length;
}

/** Whether the wheel readings put every cell before `upTo` that the OCR read within NEAR_OCR of its digit. */
export function nearOcr(c: CounterReading, preds: readonly WheelPrediction[], upTo: number): boolean {
  return c.cells.slice(0, upTo).every((k, i) => {
    if (k.unread) return true;
    return drumDistance(preds[i].value, k.digit) <= NEAR_OCR;
  });
}

/** Sharp predictions on every cell, whole digits on the wheels that should show them. */
function framingScore(preds: WheelPrediction[], steady: number): number {
  return preds.reduce((a, p, i) => a + sharpness(p.probabilities) + (i < steady ? integerness(p.probabilities) : 0), 0);
}

/** Largest probability mass on three neighbouring positions (circular): how sure the CNN is of one place. */
export function sharpness(p: ArrayLike<number>): number {
  const n = p.length;
  let best = 0;
  for (let i = 0; i < n; i++) best = Math.max(best, p[(i + n - 1) % n] + p[i] + p[(i + 1) % n]);
  return best;
}

/** Expected cos(2π·fraction) of the wheel position: 1 when all mass sits on whole digits, -1 half way. */
export function integerness(p: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += p[i] * COS_TENTHS[i % 10];
  return s;
}
const COS_TENTHS = Array.from({ length: 10 }, (_, i) => Math.cos((2 * Math.PI * i) / 10));

async function classifyFramings(
  img: RgbImage,
  counter: CounterReading,
  centres: { x: number; y: number }[],
  baseH: number,
  framings: Framing[],
  classifier: DigitClassifier,
): Promise<WheelPrediction[][]> {
  const [ax, ay] = counter.axis;
  const normal: Point = [-ay, ax];
  const crops = framings.flatMap(({ scale, dy, dx }) => {
    const cellH = baseH * scale;
    const cellW = Math.min(counter.pitch * scale, (cellH * CELL_WIDTH) / CELL_HEIGHT);
    return centres.map((c) => {
      const x = c.x + normal[0] * dy * baseH + ax * dx * counter.pitch;
      const y = c.y + normal[1] * dy * baseH + ay * dx * counter.pitch;
      const rgb = sampleQuadSmooth(img, cellQuad({ x, y }, counter.axis, cellW, cellH), CELL_WIDTH, CELL_HEIGHT);
      return { data: rgb.data, width: CELL_WIDTH, height: CELL_HEIGHT, channels: 3 as const };
    });
  });
  const preds = await classifier.classify(crops);
  const n = centres.length;
  return framings.map((_, i) => preds.slice(i * n, (i + 1) * n));
}

/** Cell centres refitted on a straight, evenly spaced row (OCR character peaks jitter). */
export function fitCentres(counter: CounterReading): { x: number; y: number }[] {
  const cells = counter.cells;
  const n = cells.length;
  if (n < 3) return cells;
  const mean = (n - 1) / 2;
  let sxx = 0, mx = 0, my = 0;
  for (const c of cells) (mx += c.x / n), (my += c.y / n);
  let bx = 0, by = 0;
  cells.forEach((c, i) => {
    sxx += (i - mean) ** 2;
    bx += (i - mean) * (c.x - mx);
    by += (i - mean) * (c.y - my);
  });
  bx /= sxx;
  by /= sxx;
  return cells.map((_, i) => ({ x: mx + bx * (i - mean), y: my + by * (i - mean) }));
}

/**
 * Cells `from` to `to` (exclusive) of a row, `decimals` of them after the point, and the wheel
 * readings of those cells: the row less cells it was found not to have.
 */
export function rowPart(c: CounterReading, wheels: WheelReading | null, from: number, to: number, decimals: number): { counter: CounterReading; wheels: WheelReading | null } {
  const cells = c.cells.slice(from, to);
  const digits = c.digits.slice(from, to);
  const counter: CounterReading = {
    ...c,
    cells,
    digits,
    decimals,
    value: Number(digits) / 10 ** decimals,
    minScore: Math.min(...cells.map((k) => k.score)),
    redFractions: c.redFractions.slice(from, to),
    redCores: c.redCores.slice(from, to),
  };
  const kept = wheels && {
    ...wheels,
    positions: wheels.positions.slice(from, to),
    digits: wheels.digits.slice(from, to),
    confidences: wheels.confidences.slice(from, to),
    probabilities: wheels.probabilities.slice(from, to),
  };
  return { counter, wheels: kept };
}
