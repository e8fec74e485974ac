// Minimal text evidence used only while no text parser is available: meter-type keywords.
import type { MeterType } from '../types.js';
import type { OcrLine } from '../ocr/types.js';

export interface TextEvidence {
  meterType: MeterType | null;
  /** 0..1: how much the text looks like a utility meter. */
  meterLikelihood: number;
  serialNumber: string;
  tariffCount: number | null;
}

const RULES: [RegExp, MeterType][] = [
  [/k\s*w\s*[·.\-]?\s*h|kwh|квт|imp\/kwh|rev\/kwh|obr\/kw/i, 'electricity'],
  [/m\s*[³3]\s*\/?\s*h?|м\s*[³3]|q[nm]\s*[-=]?\s*\d|x\s*0[.,]0001|water|вод/i, 'water_unknown'],
  [/\bgas\b|газ|g\s*[46]\b|pmax|mbar/i, 'gas'],
  [/heat|gcal|гкал|kcal|mwh|gj\b|тепл|热量/i, 'heat'],
];

export function fallbackTextEvidence(lines: OcrLine[]): TextEvidence {
  const hits = new Map<MeterType, number>();
  for (const l of lines) {
    for (const [re, t] of RULES) if (re.test(l.text)) hits.set(t, (hits.get(t) ?? 0) + l.score);
  }
  let best: MeterType | null = null;
  let bestScore = 0;
  for (const [t, s] of hits) if (s > bestScore) (best = t), (bestScore = s);
  return { meterType: best, meterLikelihood: best ? 0.8 : 0, serialNumber: '', tariffCount: best === 'electricity' ? 1 : null };
}
