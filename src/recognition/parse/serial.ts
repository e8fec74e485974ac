// Serial (factory) number: the number after a "№ / No / S/N / Зав.№" marker, or a lone
// ID-like number printed on the plate. Ratings, standards, dates and the counter are excluded.
import { DATE_LIKE, hasRatingBefore, startsWithDateStamp, hasUnitAfter, isPlaceValueRow, isYear, nextToDateLine } from './context.js';
import { fold } from './fold.js';
import { boxCentre, boxHeight, verticalOverlap } from './geometry.js';
import { digitCount, findNumbers, type NumberToken } from './numbers.js';
import type { OcrLine } from './types.js';

export interface SerialResult {
  value: string;
  confidence: number;
  source: 'marker' | 'marker-nearby' | 'standalone' | 'none';
}

const MARKER_END =
  /(^|[^a-z0-9])(s\s?\/\s?n|sn|ser(ial)?(\s?(no|n|nr|#|number))?|s\s?[l1i]\s?\.?\s?no|no|n|nr|n\s?°|n\s?o|3ab\s?\.?\s?(no|n|n°)?|3a[bв]|fab(r)?\s?\.?\s?(nr|no|n)?|factory\s?(no|number)|meter\s?(no|number|s\s?[l1i]\s?\.?\s?n[oe0]?)|m\s?\/\s?no|id|matr(icola)?|mat)\s?[.,:#°]*\s?$/;

/** The text before a number that makes it the MID metrology marking: "CE M", "C€ M", "CEM". */
const MID_MARKING = /(^|[^A-Za-z])C\s?[E€]\s?M\s?$/;

/**
 * The text before a number that labels it as another document's number: a licence (India's BIS
 * "CM/L-"), a certificate, a type or pattern approval, a model, a registration, a telephone. A
 * "No" after such a word is that document's number, not the meter's.
 */
const OTHER_DOCUMENT =
  /(^|[^a-z])(cm\s?\/\s?l|licen[cs]e|lic|cert(ificate)?|approval|appr|pattern|type|model|reg(istration)?|tel(ephone)?|phone|fax|consumer|account|contract)\s?[.:]?\s?((no|nr|n)\b|#|n°)?\s?[.,:#°\-]*\s?$/;

/** OCR renders "№" as N°, Nº, N2, No: make them one marker before tokenising. */
export function normaliseNumeroSign(text: string): string {
  // Same length in and out, so character offsets (and per-character scores) still line up.
  const numero = (m: string, lead: string) => lead + '№'.padEnd(m.length - lead.length, ' ');
  return text
    .replace(/(^|[^A-Za-z])[Nn]\s?[°º]\s?\.?\s?(?=[0-9])/g, numero)
    .replace(/(^|[^A-Za-z])N2\s(?=[0-9]{5})/g, numero);
}

function isMarkerLine(folded: string): boolean {
  return MARKER_END.test(folded.replace(/\s+$/, ''));
}

/** Turns a token into a serial string, or null when it cannot be one. */
export function serialValue(t: NumberToken, line: string, marked = false): string | null {
  if (t.seps.some((s) => s === '/' || s === ':' || s === ',')) return null;
  let groups = [...t.groups];
  let seps = [...t.seps];
  // "6328666 - 2004": a spaced dash before a year separates the manufacture year.
  const rawSeps = t.raw.match(/[\s.\-]+/g) ?? [];
  // Without a marker, "6328666-2004" is a number followed by its manufacture year.
  if (groups.length >= 2 && seps[seps.length - 1] === '-' && (!marked || /\s/.test(rawSeps[rawSeps.length - 1] ?? '')) && isYear(groups[groups.length - 1])) {
    groups = groups.slice(0, -1);
    seps = seps.slice(0, -1);
  }
  if (seps.filter((s) => s === '-').length > 1) return null; // phone-like 8-800-555-..
  const dotsAsThousands = seps.length > 0 && seps.every((s) => s === '.') && groups.slice(1).every((g) => g.length === 3);
  if (seps.includes('.') && !dotsAsThousands && !marked) return null;
  let value = groups[0];
  for (let i = 1; i < groups.length; i++) value += (seps[i - 1] === '-' ? '-' : '') + groups[i];
  const digits = value.replace(/-/g, '');
  if (digits.length < 5 || digits.length > 16) return null;
  if (isYear(digits) || isPlaceValueRow(digits)) return null;
  // A short letter prefix written with the number ("L1906842", "H 178830").
  const prefix = line.slice(0, t.start).match(/(?:^|[^A-Za-z])([A-Z]{1,3})\s?$/);
  if (prefix && !/^(N|NO|NR|SN|ID|K|Q|QN|G|DN|PN|R|M|EN|V|A|T|P|TY|TU|CE|X|S|I)$/.test(prefix[1])) value = prefix[1] + value;
  // ... and a letter suffix ("10-040707-AB"), but not a unit ("220V", "5A", "50HZ").
  const suffix = line.slice(t.end).match(/^(-?)([A-Z]{1,3})(?![A-Za-z])/);
  if (suffix && !/^(V|A|W|KW|HZ|MM|M|KWH|VA|MA|C|K|L|G)$/.test(suffix[2])) value += suffix[1] + suffix[2];
  return value;
}

/**
 * Drops a first/last digit the recogniser was unsure of while sure of the rest: the small
 * raised "o" of "№" read as a digit ("N925288446"), a frame edge read as "1".
 */
function dropUnsureEdges(t: NumberToken, line: OcrLine): NumberToken {
  const cs = line.charScores;
  if (!cs || cs.length !== line.text.length || t.groups.length === 0) return t;
  const groups = [...t.groups];
  const spans = t.groupSpans.map((s) => [...s] as [number, number]);
  const sure = (k: number) => (cs[k] ?? 0) >= 0.85;
  const [a] = spans[0];
  if (groups[0].length > 5 && cs[a] < 0.5 && sure(a + 1) && sure(a + 2)) {
    groups[0] = groups[0].slice(1);
    spans[0][0]++;
  }
  const last = spans.length - 1;
  const b = spans[last][1] - 1;
  if (groups[last].length > 5 && cs[b] < 0.5 && sure(b - 1) && sure(b - 2)) {
    groups[last] = groups[last].slice(0, -1);
    spans[last][1]--;
  }
  return { ...t, groups, groupSpans: spans, start: spans[0][0], end: spans[last][1] };
}

interface Candidate {
  value: string;
  confidence: number;
  source: SerialResult['source'];
}

/** Options passed in by the caller: where the counter is, so its digits are never a serial. */
export interface SerialContext {
  counterHeight: number;
  counterBox?: [number, number][];
}

export function findSerial(lines: OcrLine[], ctx: SerialContext): SerialResult {
  const texts = lines.map((l) => normaliseNumeroSign(l.text));
  const folded = texts.map(fold);
  const tokensByLine = texts.map(findNumbers);
  const markerOnly = folded.map((f, j) => isMarkerLine(f) && !tokensByLine[j].some((x) => digitCount(x) >= 5));
  const candidates: Candidate[] = [];

  texts.forEach((text, i) => {
    const line = lines[i];
    const hasDate = DATE_LIKE.test(text);
    for (const t of tokensByLine[i]) {
      // "CE M16 0102": the MID conformity marking (year 2016, notified body 0102) on European meters.
      if (MID_MARKING.test(text.slice(0, t.start))) continue;
      if (OTHER_DOCUMENT.test(t.before.replace(/\s+$/, ''))) continue;
      const markerHere = isMarkerLine(t.before);
      const h = boxHeight(line.box);
      const [cx, cy] = boxCentre(line.box);
      // Marker on a neighbouring line: same row to the left, or the line just above.
      const nearMarker = !markerHere && lines.some((o, j) => {
        if (j === i || !markerOnly[j]) return false;
        const [ox, oy] = boxCentre(o.box);
        const sameRow = verticalOverlap(o.box, line.box) > 0.5 && ox < cx && cx - ox < 12 * h;
        const above = oy < cy && cy - oy < 2.2 * h && Math.abs(ox - cx) < 8 * h;
        return sameRow || above;
      });
      const value = serialValue(dropUnsureEdges(t, line), text, markerHere || nearMarker);
      if (!value) continue;
      const quality = Math.max(0.5, line.score) - 0.15 * t.repaired;
      if (markerHere) {
        candidates.push({ value, confidence: 0.92 * quality, source: 'marker' });
        continue;
      }
      if (hasRatingBefore(t) || hasUnitAfter(t) || hasDate || nextToDateLine(lines, i)) continue;
      if (nearMarker) {
        candidates.push({ value, confidence: 0.8 * quality, source: 'marker-nearby' });
        continue;
      }
      // A lone ID-like number: the whole line, not the counter, not counter-like leading zeros.
      const rest = text.slice(0, t.start) + text.slice(t.end);
      const restAlnum = rest.replace(/[^\p{L}\p{N}]/gu, '');
      const digits = value.replace(/\D/g, '');
      if (restAlnum.length > 4 || digits.length < 6) continue;
      if (ctx.counterHeight > 0 && h >= 0.8 * ctx.counterHeight) continue;
      if (/^00/.test(digits) && !value.includes('-')) continue;
      if (startsWithDateStamp(digits)) continue; // a yyyymmdd batch stamp
      let confidence = 0.5 * quality;
      if (value.includes('-')) confidence += 0.1;
      if (ctx.counterBox) {
        const [kx, ky] = boxCentre(ctx.counterBox);
        const kh = boxHeight(ctx.counterBox);
        if (Math.abs(cy - ky) < 4 * kh && Math.abs(cx - kx) < 8 * kh) confidence += 0.1;
      }
      candidates.push({ value, confidence, source: 'standalone' });
    }
  });

  if (candidates.length === 0) return { value: '', confidence: 0, source: 'none' };
  // The same number printed twice (plate + barcode text) is more trustworthy.
  for (const c of candidates) {
    const repeats = candidates.filter((o) => o !== c && (o.value.includes(c.value) || c.value.includes(o.value))).length;
    if (repeats > 0) c.confidence = Math.min(0.98, c.confidence + 0.1);
  }
  candidates.sort((a, b) => b.confidence - a.confidence);
  const best = candidates[0];
  const rival = candidates.find((c) => c.value !== best.value && !best.value.includes(c.value) && !c.value.includes(best.value));
  const confidence = rival && rival.confidence > best.confidence - 0.1 ? best.confidence - 0.2 : best.confidence;
  return { value: best.value, confidence: Math.max(0, confidence), source: best.source };
}
