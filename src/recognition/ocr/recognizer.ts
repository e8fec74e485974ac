// PP-OCRv4 text recognition over rotated-rectangle crops, with CTC decoding.
import { loadLanedModel, type LanedModel } from '../onnx-lanes.js';
import { sampleQuad, writeChw, type RgbImage } from '../preprocess.js';
import { ctcGreedy, type CtcResult } from './ctc.js';
import { rectCorners, type RotatedRect } from './geometry.js';

/** Height of the crops the recogniser reads. */
export const REC_HEIGHT = 48;
const MEAN = [0.5, 0.5, 0.5];
const STD = [0.5, 0.5, 0.5];

export interface RecognizeOptions {
  /**
   * Crops per network run. 1 is both faster (onnxruntime on CPU gains nothing from batching this
   * model, and a batch pads every crop to its widest) and more accurate (no grey padding the
   * model's global mixing blocks can attend to).
   */
  batchSize: number;
  /** Widest crop fed to the network, in pixels at height 48. */
  maxWidth: number;
  /** Run on the helper lanes only, leaving the calling thread free for other work (see onnx-lanes.ts). */
  offThread?: boolean;
}

export const DEFAULT_REC: RecognizeOptions = { batchSize: 1, maxWidth: 960 };

export interface RecognizedCrop extends CtcResult {
  /** Width of the crop as fed to the network (before padding). */
  cropWidth: number;
  /** Padded batch width the timesteps refer to. */
  inputWidth: number;
}

export class TextRecognizer {
  private constructor(
    private readonly model: LanedModel,
    private readonly charset: readonly string[],
  ) {}

  /** `threads`: crops are spread over this many single-threaded copies of the model. */
  static async load(path: string, charset: readonly string[], threads: number): Promise<TextRecognizer> {
    return new TextRecognizer(await loadLanedModel(path, threads), charset);
  }

  /** Recognises the text in each rectangle (horizontal reading along rect.width). */
  async recognize(img: RgbImage, rects: RotatedRect[], opts: RecognizeOptions = DEFAULT_REC): Promise<RecognizedCrop[]> {
    const crops = rects.map((r) => cropForRec(img, r, opts.maxWidth));
    return this.recognizeCrops(crops, opts);
  }

  /** Recognises ready-made crops of height 48. */
  async recognizeCrops(crops: RgbImage[], opts: RecognizeOptions = DEFAULT_REC): Promise<RecognizedCrop[]> {
    const order = crops.map((_, i) => i).sort((a, b) => crops[a].width - crops[b].width);
    const batches: number[][] = [];
    for (let s = 0; s < order.length; s += opts.batchSize) batches.push(order.slice(s, s + opts.batchSize));
    const inputs = batches.map((idx) => {
      // Pad to a multiple of 8 px so the timestep count (width/8) is exact.
      const batchW = Math.ceil(Math.max(...idx.map((i) => crops[i].width)) / 8) * 8;
      const plane = 3 * REC_HEIGHT * batchW;
      const tensor = new Float32Array(idx.length * plane); // zero = mid-grey after normalisation
      idx.forEach((ci, b) => writeChw(crops[ci], tensor, b * plane, batchW, MEAN, STD, true));
      return { data: tensor, dims: [idx.length, 3, REC_HEIGHT, batchW] };
    });
    const outputs = await this.model.runAll(inputs, (input) => input.data.length, opts.offThread);
    const results: RecognizedCrop[] = new Array(crops.length);
    batches.forEach((idx, k) => {
      const out = outputs[k];
      const steps = out.dims[1];
      const classes = out.dims[2];
      const batchW = inputs[k].dims[3];
      idx.forEach((ci, b) => {
        const r = ctcGreedy(out.data, b * steps * classes, steps, classes, this.charset);
        results[ci] = { ...r, cropWidth: crops[ci].width, inputWidth: batchW };
      });
    });
    return results;
  }
}

/** Samples a rotated rectangle into a 48-px-high crop keeping its aspect ratio. */
export function cropForRec(img: RgbImage, r: RotatedRect, maxWidth: number): RgbImage {
  const aspect = r.width / Math.max(1, r.height);
  const w = Math.max(8, Math.min(maxWidth, Math.round(REC_HEIGHT * aspect)));
  return sampleQuad(img, rectCorners(r), w, REC_HEIGHT);
}
