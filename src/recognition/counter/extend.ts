// The OCR often drops the last red drums of a counter (low contrast, a half-rolled wheel). When
// the cells right after the row are red like fractional drums, they are read again together with
// the row's last digit, so the digit-wheel CNN can then check them like any other cell.
import type { RgbImage } from '../preprocess.js';
import type { RotatedRect } from '../ocr/geometry.js';
import type { RecognizedCrop } from '../ocr/recognizer.js';
import { cellRedness, isRedAgainst, readCounter, type CounterReading } from './reader.js';
import type { DigitCell } from './window.js';

/** Fractional drums are at most four; more red cells mean a red panel, not drums. */
const MAX_EXTRA = 4;

export type RecognizeRects = (rects: RotatedRect[]) => Promise<RecognizedCrop[]>;

/** Centres of the red cells that continue the row past its last digit, on the row's pitch. */
export function redTailCentres(img: RgbImage, c: CounterReading): { x: number; y: number }[] {
  const blackMax = Math.max(0, ...c.redFractions.slice(0, c.cells.length - c.decimals));
  const last = c.cells[c.cells.length - 1];
  const out: { x: number; y: number }[] = [];
  for (let k = 1; k <= MAX_EXTRA + 1; k++) {
    const x = last.x + c.axis[0] * c.pitch * k;
    const y = last.y + c.axis[1] * c.pitch * k;
    if (x < c.pitch / 2 || y < c.height / 2 || x > img.width - c.pitch / 2 || y > img.height - c.height / 2) break;
    const [red] = cellRedness(img, [{ ...last, x, y }], c.axis, c.pitch, c.height);
    if (!isRedAgainst(red, blackMax)) break;
    out.push({ x, y });
  }
  return out.length > MAX_EXTRA ? [] : out;
}

/** The counter with the red tail cells added when the OCR reads them as digits after the row's last digit. */
export async function extendRedTail(img: RgbImage, c: CounterReading, recognize: RecognizeRects): Promise<CounterReading> {
  const extra = redTailCentres(img, c);
  if (!extra.length) return c;
  const last = c.cells[c.cells.length - 1];
  const end = extra[extra.length - 1];
  const rect: RotatedRect = {
    cx: (last.x + end.x) / 2,
    cy: (last.y + end.y) / 2,
    width: c.pitch * (extra.length + 1),
    height: c.height,
    angle: Math.atan2(c.axis[1], c.axis[0]),
  };
  const [rec] = await recognize([rect]);
  const chars = [...rec.text];
  const found = chars.map((ch, i) => ({ ch, score: rec.charScores[i] ?? rec.score })).filter((d) => d.ch >= '0' && d.ch <= '9');
  if (found.length !== extra.length + 1 || Number(found[0].ch) !== last.digit) return c;
  const added: DigitCell[] = extra.map((p, i) => ({
    digit: Number(found[i + 1].ch),
    score: found[i + 1].score,
    x: p.x,
    y: p.y,
    u: p.x * c.axis[0] + p.y * c.axis[1],
    line: -1,
    followedBySeparator: false,
  }));
  const extended = readCounter(img, { cells: [...c.cells, ...added], axis: c.axis, height: c.height, pitch: c.pitch, lineIndexes: [], score: 0 });
  return extended && extended.decimalSource === 'colour' ? extended : c;
}
