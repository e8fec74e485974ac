// Classifies each counter cell with the digit-wheel CNN and composes the digits with carry logic.
import { composeDigits, CELL_HEIGHT, CELL_WIDTH, type DigitClassifier } from '../digit-classifier.js';
import { sampleQuadSmooth, type RgbImage } from '../preprocess.js';
import { cellQuad, type CounterReading } from './reader.js';

export interface WheelReading {
  /** Wheel positions 0.0..9.9 per cell. */
  positions: number[];
  digits: number[];
  confidences: number[];
}

/** Fraction of the OCR box height the digit itself fills (the box is grown by DB unclipping). */
const DIGIT_IN_BOX = 0.62;
/** Fraction of the cell crop height the digit should fill (as in the classifier's training crops). */
const DIGIT_IN_CELL = 0.7;

export async function readWheels(img: RgbImage, counter: CounterReading, classifier: DigitClassifier): Promise<WheelReading> {
  const cellH = (counter.height * DIGIT_IN_BOX) / DIGIT_IN_CELL;
  const cellW = Math.min(counter.pitch, (cellH * CELL_WIDTH) / CELL_HEIGHT);
  const crops = fitCentres(counter).map((c) => {
    const rgb = sampleQuadSmooth(img, cellQuad(c, counter.axis, cellW, cellH), CELL_WIDTH, CELL_HEIGHT);
    return { data: rgb.data, width: CELL_WIDTH, height: CELL_HEIGHT, channels: 3 as const };
  });
  const preds = await classifier.classify(crops);
  const composed = composeDigits(preds);
  return { positions: preds.map((p) => p.value), digits: composed.digits, confidences: composed.confidences };
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
