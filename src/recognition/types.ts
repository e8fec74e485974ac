export const METER_TYPES = ['water_cold', 'water_hot', 'water_unknown', 'electricity', 'gas', 'heat'] as const;
export type MeterType = (typeof METER_TYPES)[number];

/** The spec's `meter` object. */
export interface Meter {
  type: MeterType;
  serialNumber: string;
  currentReading: number | null;
  tariffCount: number | null;
}

/**
 * What the recognition step concludes about one upload.
 * - meter: a meter was recognised (HTTP 200, success:true)
 * - no_meter: the image decoded but holds no readable meter (HTTP 200, success:false, NO_VALID_PHOTO)
 * - bad_image: the bytes are not a decodable JPEG/PNG within limits (HTTP 400, "No file uploaded")
 */
export type RecognitionOutcome =
  | { kind: 'meter'; meter: Meter }
  | { kind: 'no_meter' }
  | { kind: 'bad_image'; reason: string };

export interface RecognizerOptions {
  /** Directory holding the project's own ONNX models (models/). */
  modelsDir: string;
  /** onnxruntime intra-op threads per session. */
  threads: number;
  /** Refuse images whose declared width*height exceeds this. */
  maxPixels: number;
}

export interface Recognizer {
  recognize(image: Uint8Array): Promise<RecognitionOutcome>;
}
