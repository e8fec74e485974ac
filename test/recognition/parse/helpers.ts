import type { OcrLine } from '../../../src/recognition/parse/types.js';

/** An axis-aligned OCR line at (x, y) with width w and height h. */
export function line(text: string, x: number, y: number, w: number, h: number, score = 0.95): OcrLine {
  return { text, score, box: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] };
}

export const PHOTO = { width: 1000, height: 1000 };
