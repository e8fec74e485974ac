import type { ImageSize, OcrLine } from '../ocr/types.js';

export type { ImageSize, OcrLine };

/** Share of blue / red pixels on the meter body or ring (0..1), measured by the pipeline. */
export interface ColourEvidence {
  blueRatio: number;
  redRatio: number;
}

export type UtilityKind = 'electricity' | 'gas' | 'heat' | 'water';

/** Evidence strength per meter kind, each 0..1 (independent, not a distribution). */
export type TypeScores = Record<UtilityKind, number>;

export interface WaterKindScores {
  cold: number;
  hot: number;
}

export interface ReadingCandidate {
  /** Normalised digits with '.' as decimal separator, leading zeros kept ("00488.719"). */
  text: string;
  value: number;
  integerDigits: number;
  decimals: number;
  /** Approximate box of the digits (sub-box of the OCR line when the line holds more). */
  box: [number, number][];
  height: number;
  /** 0..1, higher is more likely the counter. */
  score: number;
  lineIndex: number;
  /** A rate or state unit printed right after it (`V`, `°C`, `m³/h`: see display-unit.ts), else null. */
  rateUnit: string | null;
}

export interface ParsedText {
  typeScores: TypeScores;
  waterKind: WaterKindScores;
  /** Best type from text (+ colour); null when there is no evidence at all. */
  meterType: 'water_cold' | 'water_hot' | 'water_unknown' | 'electricity' | 'gas' | 'heat' | null;
  typeConfidence: number;
  /** 0..1: how much the text looks like a utility meter rather than another display/document. */
  meterLikelihood: number;
  /** The numbers (as read, `230.1`) followed by a rate or state unit: an instrument's display, no register (see display-unit.ts). */
  rateDisplays: string[];
  /** Weight of the markings of other devices read (km/h, mmHg, kg, a price, a page of prose); 0 when none. */
  otherDeviceEvidence: number;
  serialNumber: string;
  serialConfidence: number;
  /** Tariff zones when the meter is electricity (text says so); null otherwise. */
  tariffCount: number | null;
  /** Tariff zones assuming an electricity meter, for when the pipeline decides the type from other cues. */
  electricityTariffCount: number;
  /**
   * A tariff word read on its own line with no number read beside it (`ТАРИФ` alone: 2 tariffs at
   * least), and the highest number read with a tariff word (`ТАРИФ 4`), if any.
   */
  tariffWord?: { unnumbered: boolean; number: number | null };
  readings: ReadingCandidate[];
  /** Short tags of what was matched, for logs and debugging. */
  evidence: string[];
}
