// Digit-wheel classifier (models/digits-tenths.onnx) and the carry logic that turns wheel
// positions into the digits of a reading. Training: training/digits/README.md.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOnnxModel } from './onnx.js';

export const CELL_WIDTH = 20;
export const CELL_HEIGHT = 32;
export const CLASS_COUNT = 100;
export const DIGIT_MODEL_FILE = 'digits-tenths.onnx';

const DEFAULT_MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

/** One digit cell already cropped and resized to 20x32: RGB, RGBA (alpha ignored) or gray, row-major. */
export interface DigitCell {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

export interface WheelPrediction {
  /** Most probable wheel position, 0.0..9.9 in tenths (3.5 = half way from 3 to 4). */
  value: number;
  /** Softmax probability of `value`. */
  probability: number;
  /** Softmax over the 100 classes; index i is position i/10. */
  probabilities: Float32Array;
}

export interface DigitClassifier {
  classify(cells: readonly DigitCell[]): Promise<WheelPrediction[]>;
}

export async function loadDigitClassifier(
  options: { modelsDir?: string; threads?: number } = {},
): Promise<DigitClassifier> {
  const model = await loadOnnxModel(join(options.modelsDir ?? DEFAULT_MODELS_DIR, DIGIT_MODEL_FILE), options.threads ?? 1);
  return {
    async classify(cells) {
      if (cells.length === 0) return [];
      const out = await model.run(cellsToTensor(cells), [cells.length, 3, CELL_HEIGHT, CELL_WIDTH]);
      if (out.dims[1] !== CLASS_COUNT) throw new Error(`digit model returned ${out.dims.join('x')} logits`);
      return cells.map((_, i) => toPrediction(out.data.subarray(i * CLASS_COUNT, (i + 1) * CLASS_COUNT)));
    },
  };
}

/** NCHW float32 RGB in 0..1 (the model standardises each image itself; see the manifest). */
export function cellsToTensor(cells: readonly DigitCell[]): Float32Array {
  const plane = CELL_WIDTH * CELL_HEIGHT;
  const tensor = new Float32Array(cells.length * 3 * plane);
  cells.forEach((cell, n) => {
    if (cell.width !== CELL_WIDTH || cell.height !== CELL_HEIGHT) {
      throw new Error(`digit cell must be ${CELL_WIDTH}x${CELL_HEIGHT}, got ${cell.width}x${cell.height}`);
    }
    if (cell.data.length !== plane * cell.channels) {
      throw new Error(`digit cell has ${cell.data.length} bytes, expected ${plane * cell.channels}`);
    }
    const base = n * 3 * plane;
    for (let p = 0; p < plane; p++) {
      for (let c = 0; c < 3; c++) {
        const src = cell.channels === 1 ? p : p * cell.channels + c;
        tensor[base + c * plane + p] = cell.data[src] / 255;
      }
    }
  });
  return tensor;
}

function toPrediction(logits: Float32Array): WheelPrediction {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  const probabilities = new Float32Array(logits.length);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += probabilities[i] = Math.exp(logits[i] - max);
  let best = 0;
  for (let i = 0; i < probabilities.length; i++) {
    probabilities[i] /= sum;
    if (probabilities[i] > probabilities[best]) best = i;
  }
  return { value: best / 10, probability: probabilities[best], probabilities };
}

/** A wheel for `composeDigits`: a bare position, or a classifier prediction. */
export type WheelInput = number | { value: number; probabilities?: ArrayLike<number>; probability?: number };

export interface ComposedDigits {
  /** One integer digit 0..9 per wheel, left to right. */
  digits: number[];
  /** Per digit, the probability that the wheel shows that digit given its right neighbour (1 without probabilities). */
  confidences: number[];
}

/** A wheel counts as between two digits from this far past the lower one. */
export const BETWEEN_DIGITS_FROM = 0.3;
/** A right neighbour below this position has rolled over (passed 9 -> 0). */
export const ROLLED_OVER_BELOW = 3;
/** How much further a wheel must have turned than continuous gearing explains (right/10). */
const AHEAD_MARGIN = 0.15;

/**
 * Carry logic, applied from the rightmost wheel leftwards:
 * - The rightmost wheel is floor(v): a half-rolled last drum is recorded as the lower digit.
 * - Any other wheel at v = d + f (d = floor(v)):
 *   - f < 0.3: the wheel sits on digit d.
 *   - f >= 0.3 (between d and d+1): look at the right neighbour's effective position r.
 *     If it has rolled over (r < 3) and this wheel is further along than a continuously
 *     geared wheel would be (f > r/10 + 0.15), the carry has happened: digit d+1 (9 -> 0).
 *     Otherwise the carry is still under way: digit d.
 *     (On continuously geared water meters f ≈ r/10, so 6.3 with the right wheel at 2.9
 *     stays 6; on jump-carry meters a wheel half way with its neighbour at 0.2 is 7.)
 * - The effective position passed on to the left neighbour is the wheel's own v, or
 *   exactly d+1 (mod 10) when the wheel was rounded up, so 1.5 | 9.6 | 0.1 reads 2 0 0.
 * The confidence of a digit is the wheel's probability mass on the positions that this
 * same rule, with the same right neighbour, would turn into the chosen digit.
 */
export function composeDigits(wheels: readonly WheelInput[]): ComposedDigits {
  const digits = new Array<number>(wheels.length);
  const confidences = new Array<number>(wheels.length);
  let right: number | null = null;
  for (let i = wheels.length - 1; i >= 0; i--) {
    const wheel = wheels[i];
    const value = normalisePosition(typeof wheel === 'number' ? wheel : wheel.value);
    const digit = digitFor(value, right);
    digits[i] = digit;
    confidences[i] = typeof wheel === 'number' ? 1 : confidenceFor(wheel, digit, right);
    right = digit === Math.floor(value) ? value : digit;
  }
  return { digits, confidences };
}

function digitFor(value: number, right: number | null): number {
  const lower = Math.floor(value);
  const fraction = value - lower;
  if (right === null || fraction < BETWEEN_DIGITS_FROM - 1e-9) return lower;
  const carried = right < ROLLED_OVER_BELOW && fraction > right / 10 + AHEAD_MARGIN;
  return carried ? (lower + 1) % 10 : lower;
}

function confidenceFor(wheel: Exclude<WheelInput, number>, digit: number, right: number | null): number {
  if (!wheel.probabilities) return wheel.probability ?? 1;
  let mass = 0;
  for (let c = 0; c < wheel.probabilities.length; c++) {
    if (digitFor(c / 10, right) === digit) mass += wheel.probabilities[c];
  }
  return mass;
}

function normalisePosition(v: number): number {
  if (!Number.isFinite(v)) throw new Error(`wheel position must be a finite number, got ${v}`);
  // Round to a tenth-of-a-tenth first so 6.3 from float arithmetic does not become 6.2999….
  const r = Math.round(v * 1000) / 1000;
  return ((r % 10) + 10) % 10;
}
