// What every pass and look over a photo runs on: the OCR engine, the digit CNN and the OCR settings.
import { DEFAULT_REC } from '../ocr/recognizer.js';
import type { OcrEngine, OcrOptions } from '../ocr/engine.js';
import type { DigitClassifier } from '../digit-classifier.js';

export interface Engines {
  ocr: OcrEngine;
  digits: DigitClassifier;
  ocrOpts: OcrOptions;
}

/**
 * Recogniser runs made while this thread examines the counter row (the serial's wider re-read) or reads
 * its wheels (the looks past the row's ends): on the helper lanes (see onnx-lanes.ts).
 */
export const BESIDE_ROW = { ...DEFAULT_REC, offThread: true };
