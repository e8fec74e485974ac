// The OCR often drops the last red drums of a counter (low contrast, a half-rolled wheel). When
// the cells right after the row are red like fractional drums, they are read again together with
// the row's last digit, so the digit-wheel CNN can then check them like any other cell.
import type { RgbImage } from '../preprocess.js';
import type { RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import { cellRedness, framedToRightEdge, isRedAgainst, readCounter, RED_FACE, type CounterReading } from './reader.js';
import { LOOKALIKE_SCORE, median, REREAD_LINE, type DigitCell } from './window.js';
import { digitLookalike } from '../parse/fold.js';
import { charOffset } from '../ocr/ctc.js';
import type { OcrLine } from '../ocr/types.js';
import { boxHeight } from '../parse/geometry.js';

/** Fractional drums are at most four; more red cells mean a red panel, not drums. */
const MAX_EXTRA = 4;

/** How far (in pitches) a re-read digit may sit from its cell's centre. */
const MAX_CELL_OFFSET = 0.4;

export type RecognizeRects = (rects: RotatedRect[]) => Promise<RecognizedCrop[]>;

/** A red cell past the row's last digit, and whether it is a red drum face (not red numerals or a frame). */
export interface TailCell {
  x: number;
  y: number;
  face: boolean;
}

/** Centres of the red cells that continue the row past its last digit, on the row's pitch. */
export function redTailCentres(img: RgbImage, c: CounterReading): TailCell[] {
  const blackMax = Math.max(0, ...c.redFractions.slice(0, c.cells.length - c.decimals));
  const last = c.cells[c.cells.length - 1];
  const out: TailCell[] = [];
  let pastFace = c.decimalSource === 'colour' && c.redFractions[c.cells.length - 1] >= RED_FACE;
  for (let k = 1; k <= MAX_EXTRA + 1; k++) {
    const x = last.x + c.axis[0] * c.pitch * k;
    const y = last.y + c.axis[1] * c.pitch * k;
    if (x < c.pitch / 2 || y < c.height / 2 || x > img.width - c.pitch / 2 || y > img.height - c.height / 2) break;
    const [red] = cellRedness(img, [{ ...last, x, y }], c.axis, c.pitch, c.height, c.gains);
    if (!isRedAgainst(red, blackMax)) break;
    const face = red >= RED_FACE;
    // Past a red drum face, a cell that is red but no face is the frame or paint round the red drums.
    if (pastFace && !face) break;
    pastFace ||= face;
    out.push({ x, y, face });
  }
  return out.length > MAX_EXTRA ? [] : out;
}

/**
 * The counter with the red tail cells added when the OCR re-reads them after the row's last
 * digit(s). First the last digit with every red cell (all must be read, a drum face the OCR read
 * no digit on only when none can be read otherwise, and only where the row has no red drum yet: see
 * tailDigits); failing that, the last two digits with the red cells, where the re-read may end early
 * (red paint or a red frame past the last drum is not a digit; a glyph on the next red cell is a drum,
 * see tailDigits), and only then with a drum unread.
 * Each added digit must sit about one pitch past the one before it; it is placed where the re-read
 * found it, since red drums behind their own window often sit a little off the black drums' pitch.
 */
export async function extendRedTail(img: RgbImage, c: CounterReading, recognize: RecognizeRects, lines: readonly OcrLine[] = []): Promise<CounterReading> {
  const extra = shortOfWords(redTailCentres(img, c), c, lines);
  if (!extra.length || c.cells.length < 2) return c;
  const last = c.cells[c.cells.length - 1];
  // Each strip is read once, whichever attempts look at it.
  const reads = new Map<number, Promise<RecognizedCrop>>();
  const readFrom = (known: number) => reads.get(known) ?? reads.set(known, rereadStrip(c, extra, known, recognize)).get(known)!;
  // A row that already ends in red drums is extended only by the digits the OCR reads: red drum faces
  // it reads none on are added unread by unreadRedTail, not here.
  // From the row's last digit, the strip must read every red cell; from its last two, it may stop
  // short. Then, on a row ending in red drums, from its last digit the drums it read before stopping:
  // a rendered gas row's `5` boxed apart past its row `40980,2`, its last drum rolling unread, read
  // `25` from the `2` and `0125` from the `02`: `40980.2` was given for `40980.25` (and its rolling drum).
  const attempts: readonly (readonly [known: number, unread: boolean, reach: 'all' | 'any' | 'short'])[] =
    c.decimalSource === 'colour'
      ? [[1, false, 'all'], [2, false, 'any'], [1, false, 'short']]
      : [[1, false, 'all'], [1, true, 'all'], [2, false, 'any'], [2, true, 'any']];
  for (const [known, unread, reach] of attempts) {
    const digits = tailDigits(c, extra, known, await readFrom(known), unread);
    const k = digits ? digits.length : 0;
    if (!digits || k < 1 || (reach === 'all' && k !== extra.length) || (reach === 'short' && k === extra.length)) continue;
    const added: DigitCell[] = digits.map((d) => {
      const x = last.x + c.axis[0] * c.pitch * (d.pos - (known - 1));
      const y = last.y + c.axis[1] * c.pitch * (d.pos - (known - 1));
      const cell = { digit: d.digit, score: d.score, x, y, u: x * c.axis[0] + y * c.axis[1], line: REREAD_LINE, followedBySeparator: false };
      return d.unread ? { ...cell, unread: true } : cell;
    });
    const extended = readCounter(img, { cells: [...c.cells, ...added], axis: c.axis, height: c.height, pitch: c.pitch, lineIndexes: [], score: 0 });
    // The row's own doubts stay: a rival cell regularise() dropped is not among these cells.
    if (extended && extended.decimalSource === 'colour') return { ...extended, regular: extended.regular && c.regular };
  }
  return c;
}

/**
 * A line of three letters or more and no digit, two of them letters no digit looks like: a unit
 * (`kWh`, `кВт·ч` read `KBT.y`) or a word, not red drums read as letters (`OIS`).
 */
function isWord(text: string): boolean {
  const letters = [...text].filter((ch) => /[a-z]/i.test(ch));
  return !/[0-9]/.test(text) && letters.length >= 3 && letters.filter((ch) => digitLookalike(ch) === undefined).length >= 2;
}

/**
 * How near (in pitches) a word's box may come to a red cell's centre for the cell to be taken as a
 * drum: a drum's window is some 0.8 pitch wide, so a word boxed nearer overlaps it.
 */
const WORD_CLEARANCE = 0.35;

/** A word's least score, and its greatest height as a share of the row's: a unit is printed smaller than the drums. */
const WORD_SCORE = 0.5;
const WORD_HEIGHT = 0.8;

/**
 * The red tail up to the first cell on a word boxed past the row: a red frame's far edge beside the
 * unit was taken for a drum, and the CNN read its stroke as a `1` (a framed tenth at 0.2 in shadow,
 * `40150.1` for `4015.0`). Red drums are not printed over: a word boxed within WORD_CLEARANCE of a
 * cell's centre ends the drums there. Not a box as tall as the drums, nor one read unsurely: red drums
 * read as letters (an Italian gas row's `518` as `SNH`, at 0.40, boxed taller than the row).
 */
function shortOfWords(tail: TailCell[], c: CounterReading, lines: readonly OcrLine[]): TailCell[] {
  if (!tail.length || !lines.length) return tail;
  const [ax, ay] = c.axis;
  const last = c.cells[c.cells.length - 1];
  const u = (p: { x: number; y: number }) => p.x * ax + p.y * ay;
  const v = (p: { x: number; y: number }) => p.y * ax - p.x * ay;
  const starts = lines
    .filter((l) => l.score >= WORD_SCORE && boxHeight(l.box) <= WORD_HEIGHT * c.height && isWord(l.text))
    .map((l) => {
      const us = l.box.map(([x, y]) => u({ x, y }));
      const vs = l.box.map(([x, y]) => v({ x, y }));
      return { start: Math.min(...us), top: Math.min(...vs), bottom: Math.max(...vs) };
    })
    .filter((w) => w.start > u(last) && w.top < v(last) && w.bottom > v(last))
    .map((w) => w.start);
  if (!starts.length) return tail;
  const first = Math.min(...starts);
  const k = tail.findIndex((t) => u(t) + WORD_CLEARANCE * c.pitch >= first);
  return k < 0 ? tail : tail.slice(0, k);
}

/**
 * The row with the drums past it that the OCR read no digit on (a rolling last drum, read as a symbol
 * or not at all) added as unread cells one pitch apart, for the digit CNN to read: red drum faces
 * past its last cell, or, past a row without red drums, framed drum faces after it (light drums in a
 * red frame; see framedFaces), the most first; none when the tail holds anything but drum faces, or a
 * red drum face still follows.
 * The row as far as the OCR read it misses drums a reader writes down (`26450.99` for `26450.991`, the
 * last drum at 1.3); where the CNN cannot read such a cell either, the reading is withheld, as for any
 * unread drum.
 */
export function unreadRedTails(img: RgbImage, c: CounterReading): CounterReading[] {
  if (c.cells.length < 2) return [];
  // Red numerals on light drums end the row's red drums: the red band round them is no drum face.
  if (c.decimalSource === 'colour' && Math.min(...c.redFractions.slice(c.cells.length - c.decimals)) < RED_FACE) return [];
  const tail = redTailCentres(img, c);
  if (!tail.every((t) => t.face)) return [];
  const framed = tail.length === 0 && c.decimalSource !== 'colour' && c.redBeyond;
  const candidates = framed ? framedFaces(img, c) : [withUnread(img, c, tail)];
  return candidates.flatMap((extended) => {
    if (!extended || extended.decimalSource !== 'colour' || redTailCentres(img, extended).some((t) => t.face)) return [];
    const added = extended.cells.length - c.cells.length;
    if (extended.decimals < added) return [];
    // Red drum faces are the row's red drums' next ones (or its first).
    if (!framed && extended.decimals !== (c.decimalSource === 'colour' ? c.decimals : 0) + added) return [];
    return [{ ...extended, regular: extended.regular && c.regular }];
  });
}

/** Gaps within this share of their median make an evenly spaced row. */
const EVEN_GAPS = 0.25;

/**
 * The pitch to step past a row by: the median gap between neighbouring cells, or, where every gap
 * is within a quarter of it, the row's length over its gaps. OCR character peaks jitter, often by
 * turns (a gas row's gaps read 61, 52, 62, 51, 62 for a 57.6 pitch), and a step that long put a
 * framed drum added two pitches on past the frame's end. (Not the row's pitch everywhere: a tenth
 * drum set a little apart lengthens the row, and an electricity register's drums before it were
 * then looked for off their places.)
 */
export function stepPitch(cells: readonly { u: number }[]): number {
  const gaps = cells.slice(1).map((c, i) => c.u - cells[i].u);
  const m = median(gaps);
  if (!gaps.length || !m || gaps.some((g) => Math.abs(g - m) > EVEN_GAPS * m)) return m;
  return (cells[cells.length - 1].u - cells[0].u) / gaps.length;
}

/** Most framed drum faces taken past a row: a gas meter's three fractional drums. */
const MAX_FRAMED_ADDED = 3;

/**
 * The row with 3, 2 or 1 framed drum faces past it added, one pitch apart: each count whose row
 * ends in a framed run over every added face. Where the frame ends is not always told by its colour
 * alone (a frame's edge, or the unit's glyph past it, may seem framed too; a row read to its first
 * framed drum, with one face added, seemed to end there: `33399.99` for `33399.998`): the CNN, which
 * must read every added face, picks among them (see settledTail in passes/see.ts).
 */
function framedFaces(img: RgbImage, c: CounterReading): (CounterReading | null)[] {
  const last = c.cells[c.cells.length - 1];
  const step = stepPitch(c.cells) || c.pitch;
  return Array.from({ length: MAX_FRAMED_ADDED }, (_, i) => MAX_FRAMED_ADDED - i).map((k) => {
    const at = Array.from({ length: k }, (_, j) => ({ x: last.x + c.axis[0] * step * (j + 1), y: last.y + c.axis[1] * step * (j + 1) }));
    const e = withUnread(img, c, at);
    return e && e.decimalSource === 'colour' && e.decimals >= k && framedToRightEdge(img, e, k) ? e : null;
  });
}

/** The row read again with unread cells at `at` after its last one. */
function withUnread(img: RgbImage, c: CounterReading, at: readonly { x: number; y: number }[]): CounterReading | null {
  if (!at.length) return null;
  const added: DigitCell[] = at.map(({ x, y }) => ({ digit: 0, score: 0, x, y, u: x * c.axis[0] + y * c.axis[1], line: REREAD_LINE, followedBySeparator: false, unread: true }));
  return readCounter(img, { cells: [...c.cells, ...added], axis: c.axis, height: c.height, pitch: c.pitch, lineIndexes: [], score: 0 });
}

/** The strip from the row's last `known` cells over the red tail, as the OCR reads it. */
async function rereadStrip(c: CounterReading, extra: TailCell[], known: number, recognize: RecognizeRects): Promise<RecognizedCrop> {
  const [rec] = await recognize([tailRect(c, extra, known)]);
  return rec;
}

/** The rectangle from the row's last `known` cells to the last red tail cell, one pitch per cell. */
function tailRect(c: CounterReading, extra: TailCell[], known: number): RotatedRect {
  const first = c.cells[c.cells.length - known];
  const end = extra[extra.length - 1];
  return {
    cx: (first.x + end.x) / 2,
    cy: (first.y + end.y) / 2,
    width: c.pitch * (extra.length + known),
    height: c.height,
    angle: Math.atan2(c.axis[1], c.axis[0]),
  };
}

/**
 * Digits read past the row's last `known` cells, with their positions in pitches from the first of
 * those cells; null when the known ones do not match or a digit is off the drums' spacing. With
 * `unread`, a glyph that is no digit, a pitch past the digit before it on a red drum face of the
 * tail, stands for that drum, unread: a rolling drum's two half numerals, or a faded one, rarely
 * read as a digit. Any other glyph that is no digit a pitch past a tail digit, on the next red
 * cell, makes the re-read null: the tail does not end there.
 */
function tailDigits(
  c: CounterReading,
  extra: TailCell[],
  known: number,
  rec: RecognizedCrop,
  unread: boolean,
): { digit: number; score: number; pos: number; unread?: boolean }[] | null {
  const m = extra.length + known;
  const width = tailRect(c, extra, known).width;
  const found: { digit: number; score: number; pos: number; lookalike: boolean; unread?: boolean }[] = [];
  for (let i = 0; i < rec.text.length; i++) {
    // Light numerals on red drums often read as letters (S for 5): on a red cell such a letter is
    // taken as its digit, unsure, so the digit-wheel CNN must confirm it; but not at the end of the
    // re-read, where a letter is as likely the drum's frame or the red paint past it.
    const ch = digitLookalike(rec.text[i]);
    const pos = charOffset(rec, i, width) / c.pitch + (m - 1) / 2;
    if (ch === undefined) {
      const tail = found.length - known;
      const onTail = tail >= 0 && tail < extra.length && rec.text[i].trim() !== '' && Math.abs(pos - found[found.length - 1].pos - 1) <= MAX_CELL_OFFSET;
      if (onTail && unread && extra[tail].face) found.push({ digit: 0, score: 0, pos, lookalike: false, unread: true });
      // A glyph on the next red cell that is no digit is a drum the re-read could not read: the
      // tail read so far is no end of the row (under `--degrade jpeg` a gas row's rolling second red
      // drum, read as `E`, was left out, and `242719.0` was given for `242719.04`).
      else if (onTail && tail > 0) return null;
      continue;
    }
    // The known digits on their cells; each new one a pitch past the digit before it.
    const off = found.length < known ? pos - found.length : pos - found[found.length - 1].pos - 1;
    if (Math.abs(off) > MAX_CELL_OFFSET) return null;
    const score = rec.charScores[i] ?? rec.score;
    const lookalike = ch !== rec.text[i];
    found.push({ digit: ch.charCodeAt(0) - 48, score: lookalike ? Math.min(score, LOOKALIKE_SCORE) : score, pos, lookalike });
  }
  while (found.length > known && found[found.length - 1].lookalike) found.pop();
  if (found.length < known || found.length > m) return null;
  for (let i = 0; i < known; i++) if (found[i].unread || found[i].digit !== c.cells[c.cells.length - known + i].digit) return null;
  return found.slice(known);
}
