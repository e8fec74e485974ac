// Light digits on dark drums often go unseen by the text detector, which then boxes only part of
// the row: the red fractional drums, or a couple of black ones. A short digit line is read again
// over a strip widened along its own axis, so the drums it left out are read with it; the pitch
// and the checks every counter goes through decide whether the widened read is a counter.
import { readStrips, type OcrLineDetail } from '../ocr/engine.js';
import { reachInImage, type RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import type { RgbImage } from '../preprocess.js';
import { MAX_ROW_DIGITS } from './reader.js';

/**
 * How far the strip reaches past the line, in digit pitches: counters hold up to 9 drums. The
 * reach after the line is tried at a few lengths: a decimal separator or a frame around the
 * fractional drums widens the row past its pitch, and a strip that ends inside the last drum, or
 * takes in the unit after it, misreads the row; the strips that give a reading must agree.
 */
const BEFORE = 8;
const AFTER = [4, 5, 6];
/** Strip height, in line heights (drum windows are taller than the glyphs the box hugs). */
const HEIGHT = 1.15;
/** Lines worth widening: the tallest few short digit lines. */
const MAX_SEEDS = 3;
const MAX_SEED_DIGITS = 6;

const isDigit = (c: string) => c >= '0' && c <= '9';
const digitsIn = (text: string) => [...text].filter(isDigit).length;

/** Digit pitch of a line: from its digits' CTC positions, else from its height. */
function linePitch(line: OcrLineDetail): number {
  const { rec, rect } = line;
  const pxPerStep = rec.inputWidth / Math.max(1, rec.steps);
  const us = [...line.text]
    .map((ch, i) => (isDigit(ch) ? (((rec.charSteps[i] + 0.5) * pxPerStep) / rec.cropWidth) * rect.width : null))
    .filter((u): u is number => u !== null);
  const gaps = us.slice(1).map((u, i) => u - us[i]).sort((a, b) => a - b);
  const fromHeight = 0.6 * rect.height;
  if (!gaps.length) return fromHeight;
  const g = gaps[gaps.length >> 1];
  return g > 0.3 * rect.height && g < 1.5 * rect.height ? g : fromHeight;
}

/**
 * The reaches past a seed line: AFTER's, and one a pitch past where a row of MAX_ROW_DIGITS drums that starts
 * with the seed's digits ends, where AFTER's stop short of it. A seed of a row's first two drums reached six
 * pitches to a rendered gas row's rolling last drum at most, which the strip then ended inside (its
 * `38497185`, the `5` read unsurely at the strip's end, was no reading), and the strips short of it
 * read the red frame past their end as a drum left unread.
 */
export function reachesAfter(seed: OcrLineDetail): number[] {
  const full = MAX_ROW_DIGITS - digitsIn(seed.text) + 1;
  return full > AFTER[AFTER.length - 1] ? [...AFTER, full] : AFTER;
}

/** Short digit lines, tallest first: where a partly boxed drum row may be. */
export function widenSeeds(lines: OcrLineDetail[]): OcrLineDetail[] {
  return lines
    .filter((l) => {
      const t = l.text.replace(/\s/g, '');
      const d = digitsIn(t);
      return d >= 2 && d <= MAX_SEED_DIGITS && d / t.length >= 0.4 && l.rect.width > l.rect.height;
    })
    .sort((a, b) => b.rect.height - a.rect.height)
    .slice(0, MAX_SEEDS);
}

/** The strip along a line, widened by whole pitches and clipped to the image. */
export function widenedRect(line: OcrLineDetail, size: { width: number; height: number }, after = AFTER[0]): RotatedRect {
  const { cx, cy, width, angle } = line.rect;
  const [ax, ay] = [Math.cos(angle), Math.sin(angle)];
  const p = linePitch(line);
  const lo = -Math.min(width / 2 + BEFORE * p, reachInImage(cx, cy, angle, size, -1));
  const hi = Math.min(width / 2 + after * p, reachInImage(cx, cy, angle, size, 1));
  const mid = (lo + hi) / 2;
  return { cx: cx + mid * ax, cy: cy + mid * ay, width: hi - lo, height: line.rect.height * HEIGHT, angle };
}

/** How close to the image's border a strip's end counts as cut by it, in pixels. */
const EDGE_PX = 2;
/** How near a strip's start its first digit may lie, in pitches, with the row's start in the strip. */
const START_MARGIN = 1.5;

/**
 * Whether a widened strip may have begun inside the drum row, leaving drums before its first digit
 * unread: that digit lies within 1.5 pitches of the strip's start. (A seed's pitch taken from its
 * height can come out short, and then 8 pitches do not reach the row's start.) Where the image's
 * edge cut the strip, the cut itself reads as a digit, most often a '1', and there only a leading 0,
 * which changes no value, is let stand.
 */
export function mayStartInsideRow(r: RotatedRect, size: { width: number; height: number }, first: { x: number; y: number; digit: number }, pitch: number): boolean {
  const x = r.cx - (r.width / 2) * Math.cos(r.angle);
  const y = r.cy - (r.width / 2) * Math.sin(r.angle);
  if (Math.hypot(first.x - x, first.y - y) > START_MARGIN * pitch) return false;
  const cut = x < EDGE_PX || y < EDGE_PX || x > size.width - 1 - EDGE_PX || y > size.height - 1 - EDGE_PX;
  return !cut || first.digit !== 0;
}

/** How near a strip's end its last digit may lie, in pitches, with the row's end in the strip. */
const END_MARGIN = 1;
/** OCR confidence under which such a last digit may be part of a drum or frame the strip cut. */
const END_UNSURE = 0.7;

/**
 * Whether a widened strip may have ended inside the drum row: its last digit, read unsurely, lies
 * within a pitch of the strip's end, and the image's edge did not cut the strip there. A strip widened
 * from a row's first drums ends inside it, and the drum or frame it cuts reads as a digit, one the CNN
 * may then read in the OCR's place (a gas row's `62` seed read `627611`, the red frame's edge taken for
 * a red `1` at 0.40: `62761.2` for `62761.496`). A digit read surely there is the row's last drum (an
 * Elster row's `0266` seed read `02669587` to the strip's last half pitch).
 */
export function mayEndInsideRow(r: RotatedRect, size: { width: number; height: number }, last: { x: number; y: number; score: number }, pitch: number): boolean {
  const x = r.cx + (r.width / 2) * Math.cos(r.angle);
  const y = r.cy + (r.width / 2) * Math.sin(r.angle);
  const cut = x < EDGE_PX || y < EDGE_PX || x > size.width - 1 - EDGE_PX || y > size.height - 1 - EDGE_PX;
  return !cut && last.score < END_UNSURE && Math.hypot(last.x - x, last.y - y) <= END_MARGIN * pitch;
}

/** First digits nearer than this many pitches are one row's start. */
const SAME_START = 0.5;
/**
 * Fewest further digits that show a strip ended inside the row: one more may be a rolling last drum,
 * which labels leave out as the shorter strip does (an Italian row's `0247848`, and `02478486` with
 * its third red drum, rolling, read `6` at 0.79; labelled `02478.48`).
 */
const MIN_CONTINUED = 2;

interface StripRow {
  digits: string;
  pitch: number;
  cells: readonly { x: number; y: number; score: number }[];
}

/**
 * Whether another strip read the same row from the same first drum and on past this one's last
 * digit, two digits or more, every further digit but the last surely: this strip ended inside the
 * row (a gas row's strips read `485793` and `48579385`; the longer one's rolling last drum withheld
 * its reading, and the shorter one's red-framed `3` gave `48579.3` for `48579.384`). A digit read
 * unsurely past a row is more often the unit's glyph (`m³`'s `m` read as a `7` at 0.43), unless a
 * sure one comes before it: then it is as likely a rolling last drum (a rendered gas row's `490175`
 * and `49017598`, its last drum at 7.5 read at 0.55: `49017.5` for `49017.597`). This strip's own
 * last digit, read unsurely, need not match: a strip ending inside the row cuts its last drum (a
 * rendered gas row's `988021`, its red-framed `4` cut and read `1` at 0.27, and `98802473`: the CNN
 * read the cut drum as `4`, and gave `98802.4` for `98802.472`). Not one of more digits than a counter
 * holds: it read on past the row's end, wherever this one ended (a strip widened to a 9-drum row's end past a
 * display's first digits read `98185450870`, the register's code after it, and `98185450` for
 * `981854.50` seemed cut).
 */
export function continuedByLonger(row: StripRow, others: readonly (StripRow | null | undefined)[]): boolean {
  const [first] = row.cells;
  const cutLast = row.cells[row.cells.length - 1].score < END_UNSURE;
  const head = cutLast ? row.digits.slice(0, -1) : row.digits;
  return others.some(
    (o) =>
      !!o &&
      o !== row &&
      o.digits.length >= row.digits.length + MIN_CONTINUED &&
      o.digits.length <= MAX_ROW_DIGITS &&
      o.digits.startsWith(head) &&
      o.cells.slice(row.digits.length, -1).every((c) => c.score >= END_UNSURE) &&
      Math.hypot(o.cells[0].x - first.x, o.cells[0].y - first.y) <= SAME_START * row.pitch,
  );
}

/** Each seed line read again over its widened strips, as OCR lines. */
export async function widenedRows(
  img: RgbImage,
  lines: OcrLineDetail[],
  recognize: (rects: RotatedRect[]) => Promise<RecognizedCrop[]>,
): Promise<OcrLineDetail[]> {
  // Near the image edge the reaches clip to the same strip: read it once.
  const strips = new Map<string, RotatedRect>();
  for (const l of widenSeeds(lines)) {
    for (const after of reachesAfter(l)) {
      const r = widenedRect(l, img, after);
      strips.set([r.cx, r.cy, r.width].map((v) => v.toFixed(1)).join(), r);
    }
  }
  return readStrips([...strips.values()], recognize);
}
