// Digit runs that could be the counter, scored by size, position, length and surroundings.
import { DATE_LIKE, hasRatingBefore, hasUnitAfter, isPlaceValueRow, isYear, nextToDateLine, READING_UNIT_AFTER } from './context.js';
import { boxHeight, centreOffset, subBox, verticalOverlap, boxCentre } from './geometry.js';
import { rateUnitAfter } from './display-unit.js';
import { findNumbers, type NumberToken } from './numbers.js';
import { normaliseNumeroSign } from './serial.js';
import type { ImageSize, OcrLine, ReadingCandidate } from './types.js';

const MARKER_BEFORE = /(^|[^a-z])(no|n|nr|s\/n|sn|serial|3ab|id|#)\s?[.:#°]*\s?$/;

interface Raw {
  intPart: string;
  frac: string;
  box: [number, number][];
  height: number;
  lineIndex: number;
  token: NumberToken;
  lineText: string;
  lineScore: number;
  joinedDrums: boolean;
  merged: boolean;
  nearDate: boolean;
  /** < 1 when the run keeps an edge character the recogniser was unsure of. */
  confidenceFactor: number;
}

/** Splits a token into reading interpretations (spaced drums joined, decimal comma honoured). */
function interpretations(t: NumberToken): { intPart: string; frac: string; joined: boolean; groupIndex?: number }[] {
  if (t.seps.some((s) => s === '/' || s === ':' || s === '-')) return [];
  const out: { intPart: string; frac: string; joined: boolean; groupIndex?: number }[] = [];
  const decimals = t.seps.filter((s) => s === '.' || s === ',').length;
  if (decimals > 1) return [];
  if (decimals === 1) {
    // The digits after the point are the decimals, also where the OCR spaced them apart (a
    // seven-segment `1` is its cell's right-hand segments alone, so a wide gap comes before it: `71569.7 16`).
    const point = t.seps.findIndex((sep) => sep === '.' || sep === ',');
    const frac = t.groups.slice(point + 1).join('');
    if (t.seps.slice(point + 1).every((sep) => sep === ' ') && frac.length <= 4) out.push({ intPart: t.groups.slice(0, point + 1).join(''), frac, joined: t.groups.length > 2 });
    return out;
  }
  out.push({ intPart: t.groups.join(''), frac: '', joined: t.groups.length > 1 });
  if (t.groups.length > 1 && t.groups.some((g) => g.length >= 3)) {
    t.groups.forEach((g, k) => out.push({ intPart: g, frac: '', joined: false, groupIndex: k }));
  }
  return out;
}

/** Whether the first / last digit of a token has a much lower per-character score than the rest. */
function unsureEdges(line: OcrLine, t: NumberToken): { first: boolean; last: boolean } {
  const cs = line.charScores;
  if (!cs || cs.length !== line.text.length) return { first: false, last: false };
  const a = t.groupSpans[0][0];
  const b = t.groupSpans[t.groupSpans.length - 1][1] - 1;
  const inner = cs.slice(a + 1, b);
  if (inner.length < 3) return { first: false, last: false };
  const mean = inner.reduce((x, y) => x + y, 0) / inner.length;
  return { first: cs[a] < 0.7 && mean - cs[a] > 0.2, last: cs[b] < 0.7 && mean - cs[b] > 0.2 };
}

const DIGIT_FACTOR = [0, 0.02, 0.05, 0.25, 0.6, 0.9, 1, 1, 1, 0.6, 0.25];

function score(r: Raw, maxHeight: number, image: ImageSize): number {
  const nd = r.intPart.length + r.frac.length;
  let s = DIGIT_FACTOR[Math.min(nd, 10)] ?? 0.1;
  if (nd > 10) s = 0.05;
  s *= Math.pow(Math.min(1, r.height / maxHeight), 1.5);
  s *= 1 - 0.5 * centreOffset(r.box, image);
  s *= 0.6 + 0.4 * Math.max(0, Math.min(1, r.lineScore));
  const t = r.token;
  const unitOk = READING_UNIT_AFTER.test(t.after);
  const lineAlnum = r.lineText.replace(/[^\p{L}\p{N}]/gu, '').length;
  const unitLen = unitOk ? (t.after.match(READING_UNIT_AFTER)?.[0].replace(/[^\p{L}\p{N}]/gu, '').length ?? 0) : 0;
  const purity = Math.min(1, nd / Math.max(1, lineAlnum - unitLen));
  s *= 0.5 + 0.5 * purity;
  if (unitOk) s *= 1.15;
  if (r.intPart.length >= 4 && r.intPart.startsWith('0')) s *= 1.1;
  if (r.joinedDrums) s *= 1.05;
  if (r.merged) s *= 0.9;
  const before = t.before.replace(/\s+$/, '');
  if (!r.merged && ((hasRatingBefore(t) && !/(^|[^a-z])t\s?$/.test(before)) || (!unitOk && hasUnitAfter(t)))) s *= 0.1;
  if (MARKER_BEFORE.test(before)) s *= 0.1;
  if (!r.frac && isYear(r.intPart)) s *= 0.4;
  if (DATE_LIKE.test(r.lineText) || r.nearDate) s *= 0.2;
  if (isPlaceValueRow(r.intPart + r.frac)) s *= 0.05;
  // "CM/L-2337550", "DE-07": a number hyphenated to letters is an identifier.
  if (/[a-z]\s?-$/.test(before)) s *= 0.2;
  // "RPT95261", "PTB001": digits glued to a word are an approval mark's number, not a display.
  if (/[a-z]{2}$/.test(t.before)) s *= 0.2;
  s *= r.confidenceFactor;
  s *= Math.max(0.3, 1 - 0.15 * t.repaired);
  return Math.max(0, Math.min(1, s));
}

export function readingCandidates(lines: OcrLine[], image: ImageSize): ReadingCandidate[] {
  const raws: Raw[] = [];
  const lineTokens = lines.map((l) => findNumbers(normaliseNumeroSign(l.text)));
  lines.forEach((line, i) => {
    const text = normaliseNumeroSign(line.text);
    const nearDate = nextToDateLine(lines, i);
    for (const t of lineTokens[i]) {
      for (const v of interpretations(t)) {
        const [start, end] = v.groupIndex !== undefined ? t.groupSpans[v.groupIndex] : [t.start, t.end];
        const box = subBox({ ...line, text }, start, end);
        const base: Raw = { intPart: v.intPart, frac: v.frac, box, height: boxHeight(line.box), lineIndex: i, token: t, lineText: text, lineScore: line.score, joinedDrums: v.joined, merged: false, nearDate, confidenceFactor: 1 };
        const unsure = v.groupIndex === undefined ? unsureEdges(line, t) : { first: false, last: false };
        // A drum edge or a screw read as an extra digit: offer the run without it.
        if (unsure.first && v.intPart.length >= 5) {
          raws.push({ ...base, confidenceFactor: 0.75 });
          raws.push({ ...base, intPart: v.intPart.slice(1), box: subBox({ ...line, text }, start + 1, end) });
        } else if (unsure.last && v.intPart.length + v.frac.length >= 5) {
          raws.push(base);
          const cut = v.frac ? { frac: v.frac.slice(0, -1) } : { intPart: v.intPart.slice(0, -1) };
          raws.push({ ...base, ...cut, confidenceFactor: 0.85, box: subBox({ ...line, text }, start, end - 1) });
        } else if (v.intPart.length >= 7 && v.intPart.startsWith('100')) {
          // The left edge of a drum window is often read as "1" before the leading zeros.
          raws.push({ ...base, confidenceFactor: 0.7 });
          raws.push({ ...base, intPart: v.intPart.slice(1), box: subBox({ ...line, text }, start + 1, end) });
        } else raws.push(base);
      }
    }
  });
  // Counter split into two boxes on one row ("00487" + "238" in red): join them.
  lines.forEach((a, i) => {
    const ta = lineTokens[i];
    if (ta.length === 0) return;
    const lastA = ta[ta.length - 1];
    if (lastA.seps.length > 0 || lastA.after.trim() !== '') return;
    lines.forEach((b, j) => {
      if (j === i) return;
      const tb = lineTokens[j];
      if (tb.length !== 1 || tb[0].seps.length > 0 || tb[0].before.trim() !== '') return;
      const ha = boxHeight(a.box);
      const hb = boxHeight(b.box);
      if (Math.min(ha, hb) / Math.max(ha, hb) < 0.6 || verticalOverlap(a.box, b.box) < 0.6) return;
      const rightA = Math.max(...a.box.map((p) => p[0]));
      const leftB = Math.min(...b.box.map((p) => p[0]));
      if (boxCentre(b.box)[0] <= boxCentre(a.box)[0] || leftB - rightA > 2 * ha || leftB - rightA < -1.2 * ha) return;
      const box: [number, number][] = [a.box[0], b.box[1], b.box[2], a.box[3]];
      const intPart = lastA.groups[0];
      const fracPart = tb[0].groups[0];
      const token: NumberToken = { ...lastA, after: tb[0].after, end: lastA.end };
      const base = { nearDate: false, confidenceFactor: 1, box, height: Math.max(ha, hb), lineIndex: i, token, lineText: lastA.groups[0] + fracPart, lineScore: Math.min(a.score, b.score), joinedDrums: false, merged: true };
      raws.push({ ...base, intPart: intPart + fracPart, frac: '' });
      if (fracPart.length <= 3 && intPart.length >= 3) raws.push({ ...base, intPart, frac: fracPart });
    });
  });
  const maxHeight = Math.max(1, ...raws.filter((r) => r.intPart.length + r.frac.length >= 3).map((r) => r.height));
  const byText = new Map<string, ReadingCandidate>();
  for (const r of raws) {
    if (r.intPart.length === 0) continue;
    const text = r.frac ? `${r.intPart}.${r.frac}` : r.intPart;
    const rateUnit = rateUnitAfter(r, lines, r.token.after);
    // A unit boxed apart counts as one on the number's line does (see score()).
    const apart = rateUnit !== null && !hasUnitAfter(r.token);
    const cand: ReadingCandidate = {
      text,
      value: Number(text),
      integerDigits: r.intPart.length,
      decimals: r.frac.length,
      box: r.box,
      height: r.height,
      score: score(r, maxHeight, image) * (apart ? 0.1 : 1),
      lineIndex: r.lineIndex,
      rateUnit,
    };
    const prev = byText.get(text);
    if (!prev || prev.score < cand.score) byText.set(text, cand);
  }
  return [...byText.values()].sort((a, b) => b.score - a.score);
}
