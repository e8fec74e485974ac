// Number of tariff zones of an electricity meter from register markings (T1..T4, OBIS 1.8.x,
// "2-tariff", day/night, 峰/谷) or several equally tall counters.
import type { ReadingCandidate } from './types.js';

export function tariffCount(foldedLines: string[], readings: ReadingCandidate[]): number {
  const text = foldedLines.join(' | ');
  const seen = new Set<number>();
  for (const m of text.matchAll(/(?:^|[^a-z0-9])t\s?([1-4])(?![0-9.,])/g)) seen.add(Number(m[1]));
  for (const m of text.matchAll(/(?:^|[^0-9])1\s?\.\s?8\s?\.\s?([1-4])(?![0-9])/g)) seen.add(Number(m[1]));
  // `TARIFF 2`, and Russian `ТАРИФ 2` as the recogniser's Latin look-alikes write it (`tapuf 2`).
  for (const m of text.matchAll(/ta[rp][iu]f{1,2}\s?([1-4])\b/g)) seen.add(Number(m[1]));
  // The code alone on its line, its first point too small to read (`18.2`): not where that line is
  // the likeliest counter (a new meter's `18.2` kWh).
  const counterLine = readings[0]?.lineIndex ?? -1;
  foldedLines.forEach((l, i) => {
    const m = i !== counterLine && l.trim().match(/^1\s?8\s?\.\s?([1-4])$/);
    if (m) seen.add(Number(m[1]));
  });
  let count = seen.size > 0 ? Math.max(seen.size, ...seen) : 1;
  // A register marked T1 alone is shown by multi-tariff meters; single-register ones carry no T mark.
  if (seen.size === 1 && seen.has(1)) count = 2;
  const stated = text.match(/\b([1-4])\s?-?\s?(tariff|tarif|tapn|tapu|zone)/);
  if (stated) count = Math.max(count, Number(stated[1]));
  if (/dbyx\s?tap|dvu[xh]\s?tar|two[\s-]?(rate|tariff)|dual[\s-]?(rate|tariff)/.test(text)) count = Math.max(count, 2);
  if (/tpex\s?tap|three[\s-]?(rate|tariff)/.test(text)) count = Math.max(count, 3);
  // Day and night, in English and in Russian (`ДЕНЬ`, `НОЧЬ`: `dehb`, `ho4b`).
  if ((/\bday\b/.test(text) && /\bnight\b/.test(text)) || (/\bdehb\b/.test(text) && /\bho4b\b/.test(text)) || /off[\s-]?peak/.test(text) || (/\bht\b/.test(text) && /\bnt\b/.test(text))) count = Math.max(count, 2);
  const zh = ['尖', '峰', '平', '谷'].filter((c) => text.includes(c)).length;
  if (zh >= 2) count = Math.max(count, zh);
  // Several counters of the same size stacked on the plate (multi-register drum meters).
  const strong = readings.filter((r) => r.score >= 0.5 && r.integerDigits >= 5);
  if (strong.length >= 2) {
    const top = strong[0];
    const stacked = strong.filter(
      (r) => r.height >= 0.85 * top.height && r.height <= 1.15 * top.height && r.lineIndex !== top.lineIndex,
    );
    const rows = new Set([top.lineIndex, ...stacked.map((r) => r.lineIndex)]);
    if (rows.size >= 2) count = Math.max(count, Math.min(4, rows.size));
  }
  return count;
}
