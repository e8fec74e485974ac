// Finds number-like spans in an OCR line, repairing letter/digit look-alikes inside them.
import { digitLookalike, fold, isDigit } from './fold.js';

export interface NumberToken {
  /** Original substring. */
  raw: string;
  start: number;
  end: number;
  /** Digit groups after look-alike repair, e.g. ["00488", "719"]. */
  groups: string[];
  /** Separators between groups, normalised: ' ', '.', ',', '-', '/', ':'. */
  seps: string[];
  /** [start, end) of each group in the line text. */
  groupSpans: [number, number][];
  /** Number of characters that were letters repaired to digits. */
  repaired: number;
  /** Folded text before / after the token (whole line). */
  before: string;
  after: string;
}

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && /\p{L}/u.test(ch);
}

function isDigitish(ch: string | undefined): boolean {
  return ch !== undefined && digitLookalike(ch) !== undefined;
}

/**
 * A look-alike letter at the edge of a number stays only when it is an O (a zero misread)
 * next to a real digit and not part of a word: "T1", "G4", "S3" keep their letters.
 */
function keepEdge(text: string, k: number, outward: -1 | 1): boolean {
  const ch = text[k];
  if (ch !== 'O' && ch !== 'o' && ch !== 'О' && ch !== 'о') return false;
  return !isLetter(text[k + outward]) && isDigit(text[k - outward]);
}

const SEP_CHARS = new Set([' ', '.', ',', '-', '/', ':', "'"]);

/** Reads one separator run starting at i (e.g. " - ", ",", "  "); returns [normalised, length] or null. */
function readSeparator(text: string, i: number): [string, number] | null {
  let j = i;
  let kind = '';
  let spaces = 0;
  while (j < text.length && SEP_CHARS.has(text[j])) {
    const ch = text[j] === "'" ? '.' : text[j];
    if (ch === ' ') spaces++;
    else if (kind && kind !== ch) return null;
    else kind = ch;
    j++;
  }
  const len = j - i;
  if (len === 0 || len > 3 || spaces > 2) return null;
  if (!isDigitish(text[j])) return null;
  return [kind || ' ', len];
}

export function findNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigitish(text[i])) {
      i++;
      continue;
    }
    // Collect a span of digit-ish characters joined by single separators.
    const start = i;
    const groups: string[] = [];
    const rawGroups: [number, number][] = [];
    const seps: string[] = [];
    let j = i;
    for (;;) {
      const gStart = j;
      while (j < text.length && isDigitish(text[j])) j++;
      rawGroups.push([gStart, j]);
      const sep = readSeparator(text, j);
      if (!sep) break;
      // "T1 012345", "M14 0120": a short number glued to a word is that word's index, not a drum.
      if (rawGroups.length === 1 && sep[0] === ' ' && j - gStart <= 3 && (isLetter(text[gStart - 1]) || !isDigit(text[gStart]))) break;
      // "1.8.1 012345.6": an LCD's OBIS register code (short groups, two or more dots) is a label
      // of the value after it, not part of it.
      if (sep[0] === ' ' && seps.length >= 2 && seps.every((c) => c === '.') && rawGroups.every(([a, b]) => b - a <= 2)) break;
      seps.push(sep[0]);
      j += sep[1];
    }
    // Trim look-alike letters at the edges while they touch a word (e.g. "MI002", "375obr").
    let first = rawGroups[0];
    while (first[0] < first[1] && !isDigit(text[first[0]]) && !keepEdge(text, first[0], -1)) first[0]++;
    let last = rawGroups[rawGroups.length - 1];
    while (last[1] > last[0] && !isDigit(text[last[1] - 1]) && !keepEdge(text, last[1] - 1, 1)) last[1]--;
    // Drop empty edge groups created by trimming.
    while (rawGroups.length > 1 && rawGroups[0][0] >= rawGroups[0][1]) {
      rawGroups.shift();
      seps.shift();
    }
    while (rawGroups.length > 1 && rawGroups[rawGroups.length - 1][0] >= rawGroups[rawGroups.length - 1][1]) {
      rawGroups.pop();
      seps.pop();
    }
    first = rawGroups[0];
    last = rawGroups[rawGroups.length - 1];
    let real = 0;
    let repaired = 0;
    for (const [a, b] of rawGroups) {
      let g = '';
      for (let k = a; k < b; k++) {
        if (isDigit(text[k])) real++;
        else repaired++;
        g += digitLookalike(text[k]);
      }
      groups.push(g);
    }
    const tStart = first[0];
    const tEnd = last[1];
    if (tEnd > tStart && real >= 1 && repaired * 2 <= real && groups.every((g) => g.length > 0)) {
      tokens.push({
        raw: text.slice(tStart, tEnd),
        start: tStart,
        end: tEnd,
        groups,
        seps,
        groupSpans: rawGroups.map(([a, b]) => [a, b] as [number, number]),
        repaired,
        before: fold(text.slice(0, tStart)),
        after: fold(text.slice(tEnd)),
      });
    }
    i = Math.max(j, start + 1);
  }
  return tokens;
}

export function digitCount(t: NumberToken): number {
  return t.groups.reduce((n, g) => n + g.length, 0);
}
