/** A 2-D point [x, y] in pixels. */
export type Point = [number, number];

/**
 * One line of text found by the OCR stage.
 * Coordinates are in the pixels of the decoded, EXIF-rotated, downscaled working image.
 */
export interface OcrLine {
  text: string;
  /** Mean per-character confidence, 0..1. */
  score: number;
  /** 4 corners clockwise from top-left. */
  box: Point[];
  /** Per-character confidence, same length as `text`. */
  charScores?: number[];
  /** Mean detection probability of the text region, 0..1. */
  detScore?: number;
}

/** Size of the image that OcrLine boxes refer to. */
export interface ImageSize {
  width: number;
  height: number;
}
