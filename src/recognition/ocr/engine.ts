// Text detection + recognition over a decoded photo, giving OcrLine[].
import type { RgbImage } from '../preprocess.js';
import { TextDetector, type DetectOptions } from './detector.js';
import { TextRecognizer, DEFAULT_REC, type RecognizedCrop } from './recognizer.js';
import { rereadEmptyRows } from './dividers.js';
import { loadCharset, ppOcrModelPaths } from './models.js';
import { rectCorners, type RotatedRect } from './geometry.js';
import type { DetectedBox } from './db-postprocess.js';
import type { OcrLine } from './types.js';

export interface OcrOptions {
  det: DetectOptions;
  /** Recognise at most this many boxes (largest, most confident first). */
  maxLines: number;
  /** Boxes shorter than this (working-image pixels) are not worth recognising. */
  minHeight: number;
}

export const DEFAULT_OCR: OcrOptions = { det: { maxSide: 960 }, maxLines: 16, minHeight: 7 };

/** An OcrLine plus what later stages need to locate characters inside it. */
export interface OcrLineDetail extends OcrLine {
  rect: RotatedRect;
  rec: RecognizedCrop;
}

export class OcrEngine {
  private constructor(
    readonly detector: TextDetector,
    readonly recognizer: TextRecognizer,
  ) {}

  static async load(threads: number): Promise<OcrEngine> {
    const paths = ppOcrModelPaths();
    const charset = loadCharset(paths.keys);
    const [det, rec] = await Promise.all([
      TextDetector.load(paths.det, threads),
      TextRecognizer.load(paths.rec, charset, threads),
    ]);
    return new OcrEngine(det, rec);
  }

  /**
   * Lines read in the photo; `detected` (when given) receives every box recognised, text or not,
   * and `skipped` the boxes past `maxLines`, least prominent last, for a caller that wants more.
   */
  async read(img: RgbImage, opts: OcrOptions = DEFAULT_OCR, detected?: RotatedRect[], skipped?: DetectedBox[]): Promise<OcrLineDetail[]> {
    const boxes = await this.detector.detect(img, opts.det);
    const big = boxes.filter((b) => b.rect.height >= opts.minHeight && b.rect.width >= opts.minHeight);
    const kept = big.slice(0, opts.maxLines);
    detected?.push(...kept.map((b) => b.rect));
    skipped?.push(...big.slice(opts.maxLines));
    return this.readBoxes(img, kept);
  }

  /** Recognises detector boxes, dropping the empty ones, in reading order. */
  async readBoxes(img: RgbImage, boxes: DetectedBox[]): Promise<OcrLineDetail[]> {
    const recs = await this.recognizer.recognize(
      img,
      boxes.map((b) => b.rect),
      DEFAULT_REC,
    );
    await rereadEmptyRows(img, boxes.map((b) => b.rect), recs, (crops) => this.recognizer.recognizeCrops(crops, DEFAULT_REC));
    const lines: OcrLineDetail[] = [];
    boxes.forEach((b, i) => {
      const r = recs[i];
      if (!r.text.trim()) return;
      lines.push({
        text: r.text,
        score: r.score,
        box: rectCorners(b.rect),
        charScores: r.charScores,
        detScore: b.score,
        rect: b.rect,
        rec: r,
      });
    });
    // Reading order: top to bottom, then left to right.
    lines.sort((a, b) => a.rect.cy - b.rect.cy || a.rect.cx - b.rect.cx);
    return lines;
  }
}

/** Plain OcrLine (drops internal details), e.g. for dumps and the text parsers. */
export function toOcrLine(l: OcrLineDetail): OcrLine {
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    text: l.text,
    score: Math.round(l.score * 1000) / 1000,
    box: l.box.map(([x, y]) => [round(x), round(y)] as [number, number]),
    charScores: l.charScores?.map((s) => Math.round(s * 1000) / 1000),
    detScore: l.detScore === undefined ? undefined : Math.round(l.detScore * 1000) / 1000,
  };
}

/** Rectangles read as OCR lines: strips re-read where the detector drew no box. */
export async function readStrips(rects: RotatedRect[], recognize: (rects: RotatedRect[]) => Promise<RecognizedCrop[]>): Promise<OcrLineDetail[]> {
  if (!rects.length) return [];
  const recs = await recognize(rects);
  return rects.map((rect, i) => ({ text: recs[i].text, score: recs[i].score, box: rectCorners(rect), charScores: recs[i].charScores, rect, rec: recs[i] }));
}
