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
  /**
   * Detect on the red channel alone, as grey: a row of dark digits on a red (or orange) band, which
   * the detector takes for one coloured shape, stands out as on white paper.
   */
  redAsGrey?: boolean;
}

/** The image with every pixel's green and blue set to its red. */
export function redAsGrey(img: RgbImage): RgbImage {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i += 3) data[i] = data[i + 1] = data[i + 2] = img.data[i];
  return { data, width: img.width, height: img.height };
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
    const resized = await resizeRgb(img, w, h);
    const input = opts.redAsGrey ? redAsGrey(resized) : resized;
    const tensor = new Float32Array(3 * w * h);
    writeChw(input, tensor, 0, w, MEAN, STD, true);
    const out = await this.model.run(tensor, [1, 3, h, w]);
    const mh = out.dims[2];
    const mw = out.dims[3];
    return dbPostprocess(out.data, mw, mh, img.width / mw, img.height / mh, { ...DEFAULT_DB, ...opts.db });
  }
}
