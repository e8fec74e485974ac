// Which way up the photo's text runs, from the OCR boxes of a first pass (photos without EXIF
// orientation can be sideways or upside down).
import type { OcrLine } from './ocr/types.js';
import type { RotatedRect } from './ocr/geometry.js';

/** Boxes at least this elongated say which way their text runs. */
const MIN_ELONGATION = 2;

/** A box's long and short sides and the direction of the long one: the angle of `width`, or the perpendicular. */
function sidesOf(r: RotatedRect): { r: RotatedRect; long: number; short: number; dir: number } {
  const long = Math.max(r.width, r.height);
  const short = Math.min(r.width, r.height);
  return { r, long, short, dir: r.width >= r.height ? r.angle : r.angle + Math.PI / 2 };
}

const elongated = (v: { long: number; short: number }) => v.short > 0 && v.long / v.short >= MIN_ELONGATION;

/**
 * Share, by area, of the elongated text boxes whose long side runs closer to vertical than to
 * horizontal. Near 1: the text (and the photo) is sideways.
 */
export function verticalTextShare(rects: RotatedRect[]): number {
  let vertical = 0;
  let total = 0;
  for (const v of rects.map(sidesOf).filter(elongated)) {
    total += v.long * v.short;
    if (Math.abs(Math.sin(v.dir)) > Math.abs(Math.cos(v.dir))) vertical += v.long * v.short;
  }
  return total ? vertical / total : 0;
}

/** Median recognition confidence of the lines holding at least 3 characters (0 when none). */
export function medianTextScore(lines: OcrLine[]): number {
  const s = lines.filter((l) => l.text.trim().length >= 3).map((l) => l.score).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/**
 * How much lower a turned pass's median line confidence may be than the unturned pass's. On the
 * quarter and half turns of meters-dev the turn that was right read at most 0.03 lower (PAFAL's
 * upside-down text reads as confidently as upright); a slanted Indian LCD, its text read upright at
 * 0.88, was turned upside down and read 0.48, and its `1955` gave `5561` (seven-segment digits read
 * upside down are digits too).
 */
const MAX_TURNED_TEXT_DROP = 0.15;

/**
 * Confidence at which a line's letters count as words read. The recogniser has no Cyrillic: Russian
 * words come as Latin look-alikes read at 0.8-0.9 (a small multimeter's `МУЛЬТИМЕТР` read `MYnbTNMETP`
 * at 0.80, its `CAT III 600V 10A MAX` at 0.88); upside down or sideways, the meters of meters-dev
 * read at most 6 letters at this confidence.
 */
const WORD_SCORE = 0.8;

/** Letters in the lines read at least at WORD_SCORE: words, which upside down or sideways seldom read so. */
function wordLetters(lines: OcrLine[]): number {
  return lines.filter((l) => l.score >= WORD_SCORE).reduce((n, l) => n + (l.text.match(/[A-Za-z]/g)?.length ?? 0), 0);
}

/**
 * Letters of words read upright that a turned pass must not lose the most of: seven-segment digits
 * upside down are digits too, and a pass that reads only those has the median confidence of one that
 * reads the words (a fuel pump's `7502.0 L` under `TOKHEIM`, `PRICE PER LITRE`, read upside down as
 * a meter's `02051`).
 */
const MIN_WORD_LETTERS = 8;

/** Whether a turned pass reads the photo's text clearly worse than the unturned one, or loses most of its words. */
export function readsWorse(turned: { lines: OcrLine[] }, unturned: { lines: OcrLine[] }): boolean {
  const words = wordLetters(unturned.lines);
  const lostWords = words >= MIN_WORD_LETTERS && wordLetters(turned.lines) < words / 2;
  return lostWords || medianTextScore(turned.lines) < medianTextScore(unturned.lines) - MAX_TURNED_TEXT_DROP;
}

/**
 * The largest elongated vertical boxes as text rectangles read downwards and read upwards (long
 * side as `width`): the recogniser scores the way the text really runs higher, which says which
 * way to turn a sideways photo first.
 */
export function sidewaysProbes(rects: RotatedRect[], count = 4): { down: RotatedRect[]; up: RotatedRect[] } {
  const vertical = rects
    .map(sidesOf)
    .filter((v) => elongated(v) && Math.abs(Math.sin(v.dir)) > Math.abs(Math.cos(v.dir)))
    .sort((a, b) => b.long * b.short - a.long * a.short)
    .slice(0, count);
  const downDir = (dir: number) => (Math.sin(dir) > 0 ? dir : dir + Math.PI);
  const rect = (v: (typeof vertical)[number], angle: number): RotatedRect => ({ cx: v.r.cx, cy: v.r.cy, width: v.long, height: v.short, angle });
  return { down: vertical.map((v) => rect(v, downDir(v.dir))), up: vertical.map((v) => rect(v, downDir(v.dir) + Math.PI)) };
}

/** How near the text boxes' median slant (radians) most of their area must run for the slant to count. */
const SLANT_AGREEMENT = (4 * Math.PI) / 180;

/**
 * The slant of the photo's text (radians, clockwise as seen): the area-weighted median direction of
 * the elongated boxes that run closer to horizontal than to vertical, where at least half their area
 * runs within 4 degrees of it; 0 where they disagree (a photo seen from aside slants its lines every way).
 */
export function textSlant(rects: RotatedRect[]): number {
  const lines = rects
    .map(sidesOf)
    .filter(elongated)
    // The direction folded into (-90, 90] degrees: a line read either way slants alike.
    .map((v) => ({ dir: Math.atan(Math.tan(v.dir)), area: v.long * v.short }))
    .filter((v) => Math.abs(v.dir) < Math.PI / 4)
    .sort((a, b) => a.dir - b.dir);
  const total = lines.reduce((a, v) => a + v.area, 0);
  if (total === 0) return 0;
  let acc = 0;
  const median = lines.find((v) => (acc += v.area) >= total / 2)!.dir;
  const near = lines.filter((v) => Math.abs(v.dir - median) <= SLANT_AGREEMENT).reduce((a, v) => a + v.area, 0);
  return near >= total / 2 ? median : 0;
}
