/** The API's response types, mirroring the service specification. */

export const METER_TYPES = ['water_cold', 'water_hot', 'water_unknown', 'electricity', 'gas', 'heat'] as const;
export type MeterType = (typeof METER_TYPES)[number];

export interface Meter {
  type: MeterType;
  /** Factory number read from the nameplate. */
  serialNumber: string;
  /** The reading; null when it cannot be read. */
  currentReading: number | null;
  /** Number of tariff zones (electricity); null when not applicable or unknown. */
  tariffCount: number | null;
}

export interface AnalyzeSuccess {
  success: true;
  meter: Meter;
}

/** The photo was processed but no meter was recognised. Not an HTTP error. */
export interface AnalyzeFailure {
  success: false;
  /** Human-readable reason, e.g. `NO_VALID_PHOTO`; do not depend on the wording. */
  error: string;
}

/** Body of a 200 answer from POST /api/meters/analyze; `success` discriminates. */
export type AnalyzeResult = AnalyzeSuccess | AnalyzeFailure;

/** The React Native file descriptor that RN's FormData accepts in place of a Blob. */
export interface ReactNativeFile {
  uri: string;
  name?: string;
  type?: string;
}

/**
 * Anything `analyze` accepts as the photo:
 * - a Blob or File (browsers, Node >= 18, React Native Blob)
 * - raw bytes: Uint8Array (Node Buffer included) or ArrayBuffer
 * - a file path string (Node only)
 * - a React Native `{ uri, name?, type? }` object
 */
export type ImageInput = Blob | Uint8Array | ArrayBuffer | string | ReactNativeFile;
