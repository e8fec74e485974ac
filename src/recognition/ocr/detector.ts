// PP-OCRv4 text detection: resize, normalise, run, DB post-process.
import { loadOnnxModel, type OnnxModel } from '../onnx.js';
import { resizeRgb, writeChw, type RgbImage } from '../preprocess.js';
import { dbPostprocess, DEFAULT_DB, type DbOptions, type DetectedBox } from './db-postprocess.js';

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export interface DetectOptions {
  /** Longest side of the network input (rounded to a multiple of 32). */
  maxSide: number;
  /** Enlarge a photo smaller than maxSide to it (a rescue pass for text too small or blurry at its own size). */
  upscale?: boolean;
  db?: Partial<DbOptions>;
}

export class TextDetector {
  private constructor(private readonly model: OnnxModel) {}

  static async load(path: string, threads: number): Promise<TextDetector> {
    return new TextDetector(await loadOnnxModel(path, threads));
  }

  /** Text boxes in `img` pixel coordinates, best first. */
  async detect(img: RgbImage, opts: DetectOptions): Promise<DetectedBox[]> {
    const scale = Math.min(opts.upscale ? Infinity : 1, opts.maxSide / Math.max(img.width, img.height));
    const w = Math.max(32, Math.round((img.width * scale) / 32) * 32);
    const h = Math.max(32, Math.round((img.height * scale) / 32) * 32);
    const input = await resizeRgb(img, w, h);
    const tensor = new Float32Array(3 * w * h);
    writeChw(input, tensor, 0, w, MEAN, STD, true);
    const out = await this.model.run(tensor, [1, 3, h, w]);
    const mh = out.dims[2];
    const mw = out.dims[3];
    return dbPostprocess(out.data, mw, mh, img.width / mw, img.height / mh, { ...DEFAULT_DB, ...opts.db });
  }
}
