// Number of tariff zones of an electricity meter from register markings (T1..T4, OBIS 1.8.x,
// "2-tariff", day/night, 峰/谷) or several equally tall counters.
import { boxCentre, boxHeight } from './geometry.js';
import type { OcrLine, ReadingCandidate } from './types.js';

/** How surely a `T1` read as `TI` must be read (rendered ones at 0.68-0.90). */
const T1_SCORE = 0.6;

/**
 * `TARIFF`, `TARIFA`, Polish `TARYFA`, and Russian `ТАРИФ` as the recogniser's Latin and Greek
 * look-alikes write it (`TAPVΦ`, `TapuΦ`, `TAPH` in a serif face, `Tapw` in a small monospaced one; its
 * `Ф` an `O`, a zero, a `Q`, a `中`, a `の`, a `d`, a `?` or lost: a serif `Тариф` under a warm cast read
 * `Tapud`, a glared serif `ТАРИФ 4` `TAPH?4`, a small monospaced `ТАРИФ 1` `TAPV01`).
 */
const TARIFF_STEM = String.raw`ta[rp][iuvynhw][foq0dp中の?]{0,2}a?`;
/**
 * A colon after the word, printed (`TARIFF: 2`) or read into the gap before a number boxed apart (a
 * small `RATE 3` turned sideways and back read `RATE :` and `3`).
 */
const WORD_COLON = String.raw`\s?:?`;
/** A tariff word alone on its line (`ТАРИФ` read `TAPVΦ`), its number boxed apart. */
export const TARIFF_WORD = new RegExp(`^(?:${TARIFF_STEM}|rate)${WORD_COLON}$`);
const TARIFF_NUMBER = new RegExp(String.raw`(?:${TARIFF_STEM}|\brate)${WORD_COLON}\s?([1-4])\b`, 'g');
/** How surely a tariff word alone must be read to mark a multi-tariff register (`TAPNO` at 0.80). */
const WORD_SCORE = 0.7;
/** How far past the word's end its number may lie, and off its level, in the word's heights. */
const WORD_NUMBER_GAP = 2;
const WORD_NUMBER_LEVEL = 0.5;
/**
 * How far back into the word's box, in its heights, the number may lie: the word's box may run on over
 * the number that was boxed apart too (a warm-lit `ТАРИФ 4` read `TAPN中`, its `4` boxed on its own
 * with its centre a pixel short of the word box's end).
 */
const WORD_NUMBER_OVERLAP = 0.5;

/** The tariff number a line boxed apart right after a tariff word alone on its line says, if any. */
function numberBesideWord(foldedLines: string[], lines: Pick<OcrLine, 'text' | 'score' | 'box'>[]): number[] {
  const out: number[] = [];
  foldedLines.forEach((word, i) => {
    if (!TARIFF_WORD.test(word.trim())) return;
    const w = lines[i].box;
    const h = boxHeight(w);
    // The middle of its right-hand side: a photo held askew tilts the box, and its corner juts out over
    // the number (a tilted `ТАРИФ 4` read `TAPN`, its `4` boxed apart just short of that corner).
    const right = w.map(([x]) => x).sort((a, b) => b - a).slice(0, 2).reduce((a, b) => a + b) / 2;
    const [, wy] = boxCentre(w);
    for (const [j, l] of lines.entries()) {
      const [x, y] = boxCentre(l.box);
      if (j !== i && /^[1-4]$/.test(l.text.trim()) && l.score >= 0.5 && x > right - WORD_NUMBER_OVERLAP * h && x - right <= WORD_NUMBER_GAP * h && Math.abs(y - wy) <= WORD_NUMBER_LEVEL * h) out.push(Number(l.text.trim()));
    }
  });
  return out;
}

/** An OBIS register code for active energy imported, its tariff digit captured (`1.8.2`). */
const OBIS_CODE = /(?:^|[^0-9])1\s?\.\s?8\s?\.\s?([1-4])(?![0-9])/g;
/**
 * How surely a code's tariff digit must be read to name its tariff (rendered codes' at 0.98-1.00; a
 * tilted condensed `1.8.1`, its unlit segments showing, read `1.8.3`, its `3` at 0.84, beside its `T1`:
 * three tariffs counted for two).
 */
const CODE_DIGIT_SCORE = 0.9;

/** The recogniser's score for character `at` of a folded line (the line's own where folding changed its length). */
function digitScore(folded: string, line: Pick<OcrLine, 'text' | 'score' | 'charScores'>, at: number): number {
  const sameLength = folded.length === line.text.length && line.charScores?.length === line.text.length;
  return sameLength ? line.charScores![at] : line.score;
}

/** The tariff numbers read with a tariff word (`TARIFF 2`, or a `2` boxed apart right after the word). */
export function tariffWordNumbers(foldedLines: string[], lines: Pick<OcrLine, 'text' | 'score' | 'box'>[]): number[] {
  const text = foldedLines.join(' | ');
  return [...[...text.matchAll(TARIFF_NUMBER)].map((m) => Number(m[1])), ...numberBesideWord(foldedLines, lines)];
}

/** Whether a tariff word is read surely on a line of its own. */
export function tariffWordAlone(foldedLines: string[], lines: Pick<OcrLine, 'score'>[]): boolean {
  return foldedLines.some((l, i) => TARIFF_WORD.test(l.trim()) && lines[i].score >= WORD_SCORE);
}

export function tariffCount(foldedLines: string[], readings: ReadingCandidate[], lines: Pick<OcrLine, 'text' | 'score' | 'box' | 'charScores'>[]): number {
  const text = foldedLines.join(' | ');
  const seen = new Set<number>();
  // A row of marks may be read as one word (`T1T2T3T4`).
  for (const m of text.matchAll(/(?<![a-z0-9])(?:t\s?[1-4]\s?){1,4}(?![0-9.,])/g)) for (const d of m[0].matchAll(/[1-4]/g)) seen.add(Number(d[0]));
  // A `T1` alone on its line, its 1 read as a letter (`TI`, `Tl`, `TL` in a monospaced face at 0.68),
  // and read surely: a PAFAL drum's edge came out `TL` at 0.48.
  if (lines.some((l) => l.score >= T1_SCORE && /^T\s?[IlL|]$/.test(l.text.trim()))) seen.add(1);
  // An OBIS register code (`1.8.2`) names its tariff only where its digit is read surely; read unsurely,
  // it still shows a multi-tariff register.
  let unsureCode = false;
  foldedLines.forEach((l, i) => {
    for (const m of l.matchAll(OBIS_CODE)) {
      if (digitScore(l, lines[i], (m.index ?? 0) + m[0].length - 1) >= CODE_DIGIT_SCORE) seen.add(Number(m[1]));
      else unsureCode = true;
    }
  });
  // `TARIFF 2` (see TARIFF_STEM: `TAPVΦ 2`, `TAPH2`) and the UK's `RATE 2`.
  for (const n of tariffWordNumbers(foldedLines, lines)) seen.add(n);
  // The code alone on its line, its first point too small to read (`18.2`): not where that line is
  // the likeliest counter (a new meter's `18.2` kWh), and only without a plainer sign (a `1.8.1` read
  // `18.3` beside its `T1` would make 3 tariffs).
  const counterLine = readings[0]?.lineIndex ?? -1;
  if (seen.size === 0) {
    foldedLines.forEach((l, i) => {
      const m = i !== counterLine && l.trim().match(/^1\s?8\s?\.\s?([1-4])$/);
      if (m) seen.add(Number(m[1]));
    });
  }
  let count = seen.size > 0 ? Math.max(seen.size, ...seen) : 1;
  // A register marked T1 alone is shown by multi-tariff meters; single-register ones carry no T mark,
  // nor a tariff word (a small shot's `ТАРИФ 1` read `TAPNO`, its `1` a `3` at 0.44).
  if (seen.size === 1 && seen.has(1)) count = 2;
  if (tariffWordAlone(foldedLines, lines) || unsureCode) count = Math.max(count, 2);
  const stated = text.match(/\b([1-4])\s?-?\s?(tariff|tarif|taryf|ta[rp][iuvnhw]|zone)/);
  if (stated) count = Math.max(count, Number(stated[1]));
  // Two-tariff in Russian and Ukrainian (`ДВУХТАРИФНЫЙ` read `ByXTAPUHbIN`, its `Д` lost; `двотарифний`
  // read `BOTapupHN`), German, Polish; a multi-tariff meter (`МНОГОТАРИФНЫЙ` read `MHOrOTAPVOHbIN`, `MHOIOTAPHOHbIN`,
  // Ukrainian `багатотарифний`, `Mehrtarif`, `wielotaryfowy`) most often has two.
  if (/d?byx\s?tap|\bd?bo\s?ta[rp][iuvn]|dvu[xh]\s?tar|two[\s-]?(rate|tariff)|dual[\s-]?(rate|tariff)|zweitarif|doppeltarif|dwutaryf/.test(text)) count = Math.max(count, 2);
  if (/mho\S?o\s?ta[rp]|6a[rt]a[rt]o\s?ta[rp]|multi[\s-]?(rate|tarif)|mehrtarif|wielotaryf/.test(text)) count = Math.max(count, 2);
  if (/tpex\s?tap|three[\s-]?(rate|tariff)/.test(text)) count = Math.max(count, 3);
  // Day and night, in English and in Russian (`ДЕНЬ`, `НОЧЬ`: `dehb`, `ho4b`); German HT / NT; the UK's
  // Economy 7 registers, `NORMAL` and `LOW`.
  if ((/\bday\b/.test(text) && /\bnight\b/.test(text)) || (/\bdehb\b/.test(text) && /\bho4b\b/.test(text)) || /off[\s-]?peak/.test(text) || (/\bht\b/.test(text) && /\bnt\b/.test(text)) || (/\bnormal\b/.test(text) && /\blow\b/.test(text))) count = Math.max(count, 2);
  const zh = ['尖', '峰', '平', '谷'].filter((c) => text.includes(c)).length;
  if (zh >= 2) count = Math.max(count, zh);
  // Several counters of the same size stacked on the plate (multi-register drum meters): one above
  // the other, not one row the OCR split into pieces (`9`, `56359`, `2`).
  const strong = readings.filter((r) => r.score >= 0.5 && r.integerDigits >= 5);
  if (strong.length >= 2) {
    const top = strong[0];
    const alike = strong.filter((r) => r.height >= 0.85 * top.height && r.height <= 1.15 * top.height);
    const levels = alike.map((r) => boxCentre(r.box)[1]).sort((a, b) => a - b);
    const rows = levels.filter((y, i) => i === 0 || y - levels[i - 1] >= 0.8 * top.height).length;
    if (rows >= 2) count = Math.max(count, Math.min(4, rows));
  }
  return count;
}
