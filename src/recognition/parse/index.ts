// Turns OCR lines of a meter photo into type evidence, serial, tariff count and reading candidates.
import { fold } from './fold.js';
import { typeEvidence } from './meter-type.js';
import { readingCandidates } from './reading-candidates.js';
import { findSerial } from './serial.js';
import { tariffCount, tariffWordAlone, tariffWordNumbers } from './tariff.js';
import type { ColourEvidence, ImageSize, OcrLine, ParsedText, UtilityKind } from './types.js';

export type { ColourEvidence, ImageSize, OcrLine, ParsedText, ReadingCandidate, TypeScores } from './types.js';

/** Serials below this confidence are left empty: no serial beats a wrong one. */
export const SERIAL_MIN_CONFIDENCE = 0.4;
const MAX_READINGS = 8;
/** OCR confidence a digit line needs to count as a counter, evidence of a meter on its own. */
const COUNTER_EVIDENCE_SCORE = 0.5;
/** Other-device weight of a display whose tallest number a rate unit follows (as a device's name weighs, meter-type.ts). */
const RATE_DISPLAY_ANTI = 2;
/** A display's height, at least, in the tallest number's. */
const DISPLAY_HEIGHT = 0.7;

export function parseMeterText(lines: OcrLine[], image: ImageSize, colour?: ColourEvidence): ParsedText {
  const usable = lines.filter((l) => l.text.trim().length > 0);
  const folded = usable.map((l) => fold(l.text));
  const ev = typeEvidence(folded, colour);

  let readings = readingCandidates(usable, image);
  // The tallest number followed by a volt, amp or degree sign: the photo shows an instrument's display.
  const tallest = readings.filter((r) => r.text.replace(/\D/g, '').length >= 3).sort((a, b) => b.height - a.height)[0];
  const rateShown = tallest?.rateUnit != null;
  // Numbers about as tall with such a unit are displays too; a rating printed small (`220V`) is none.
  const rateDisplays = tallest ? readings.filter((r) => r.rateUnit !== null && r.height >= DISPLAY_HEIGHT * tallest.height).map((r) => r.text) : [];
  const antiRaw = ev.antiRaw + (rateShown ? RATE_DISPLAY_ANTI : 0);
  const evidence = rateShown ? [...ev.tags, 'rate-display'] : ev.tags;
  const top = readings[0];
  const serial = findSerial(usable, {
    counterHeight: top && top.score >= 0.5 ? top.height : 0,
    counterBox: top && top.score >= 0.5 ? top.box : undefined,
  });
  const serialNumber = serial.confidence >= SERIAL_MIN_CONFIDENCE ? serial.value : '';
  if (serialNumber) {
    const serialDigits = serialNumber.replace(/\D/g, '');
    readings = readings
      .map((r) => {
        const d = r.text.replace(/\D/g, '');
        return d.length >= 5 && serialDigits.includes(d) ? { ...r, score: r.score * 0.1 } : r;
      })
      .sort((a, b) => b.score - a.score);
  }
  readings = readings.slice(0, MAX_READINGS);

  const kinds: UtilityKind[] = ['electricity', 'gas', 'heat', 'water'];
  const ranked = [...kinds].sort((a, b) => ev.raw[b] - ev.raw[a]);
  const best = ranked[0];
  const bestRaw = ev.raw[best];
  const secondRaw = ev.raw[ranked[1]];
  let meterType: ParsedText['meterType'] = null;
  let typeConfidence = 0;
  if (bestRaw >= 0.8) {
    typeConfidence = ev.scores[best] * (bestRaw / (bestRaw + secondRaw));
    if (best !== 'water') meterType = best;
    else if (ev.water.cold > ev.water.hot + 0.15) meterType = 'water_cold';
    else if (ev.water.hot > ev.water.cold + 0.15) meterType = 'water_hot';
    else meterType = 'water_unknown';
  }

  // A counter-like digit row (5-8 digits with leading zeros) is meter evidence on its own.
  let meterRaw = ev.meterRaw;
  // Not a line the OCR barely read: noise on a dark photo of coins read as `00000` at 0.40.
  const counterLike = top && top.score >= 0.5 && top.integerDigits >= 5 && top.integerDigits <= 8 && usable[top.lineIndex].score >= COUNTER_EVIDENCE_SCORE;
  if (counterLike) meterRaw += top.text.startsWith('0') ? 2.5 : 1.5;
  // ... and with an ID-like number printed apart from it (a nameplate serial), more so; not the row
  // itself taken for a serial (an upside-down laser rangefinder's display, `662188`, was both).
  const apart = serialNumber !== '' && !top?.text.replace(/\D/g, '').includes(serialNumber.replace(/\D/g, ''));
  if (counterLike && apart) meterRaw += 1;
  const meterLikelihood = 1 / (1 + Math.exp(-(meterRaw + 0.5 * bestRaw - 1.5 * antiRaw - 2)));

  const electricityTariffCount = tariffCount(folded, readings, usable);
  const wordNumbers = tariffWordNumbers(folded, usable);

  return {
    typeScores: ev.scores,
    waterKind: ev.water,
    meterType,
    typeConfidence,
    meterLikelihood,
    otherDeviceEvidence: antiRaw,
    rateDisplays,
    serialNumber,
    serialConfidence: serial.confidence,
    tariffCount: meterType === 'electricity' ? electricityTariffCount : null,
    electricityTariffCount,
    tariffWord: { unnumbered: wordNumbers.length === 0 && tariffWordAlone(folded, usable), number: wordNumbers.length ? Math.max(...wordNumbers) : null },
    readings,
    evidence,
  };
}
