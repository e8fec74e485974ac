import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extendRedBand, inRedBand } from '../../src/recognition/counter/red-band.js';
import { beyondStrip } from '../../src/recognition/counter/drum-beyond.js';
import { cellInkRedness, readCounter, RED_INK } from '../../src/recognition/counter/reader.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { RotatedRect } from '../../src/recognition/ocr/geometry.js';
import { recognizedAt } from './fixtures.js';

const PITCH = 30;
const X0 = 45;
const BAND = [196, 22, 28];
const WINDOW = [236, 234, 228];
const BLACK = [30, 30, 30];
/** Grey in a red numeral's strokes (glare and the window's shade take their red away). */
const GREY = [60, 60, 60];

/**
 * A red band (a hot-water meter's) with light windows on a 30 px pitch: `numerals` says what each
 * window shows: 'b' a black numeral (a solid bar down its middle), 'r' a red one, 'o' a hollow red 0
 * (its strokes at the window's sides, leaving its core light), 'k' a hollow black 0, 'x' a black
 * numeral with a red numeral's edge in its core (its cell placed a little off), 'f' a hollow red 0
 * glare has greyed but for a quarter of its strokes, 'g' a black numeral with red in its core, 'w' a black
 * numeral in a window the band narrows (as a cell placed a little off takes in the band), '-' nothing. In
 * capitals, the window is as wide as the pitch allows (its cell holds none of the band).
 */
function band(numerals: string, ground = BAND): RgbImage {
  const width = PITCH * (numerals.length + 3);
  const height = 80;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(ground, 3 * i);
  const paint = (x0: number, x1: number, y0: number, y1: number, rgb: number[]) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set(rgb, (y * width + x) * 3);
  };
  [...numerals].forEach((shown, i) => {
    const cx = X0 + PITCH * i;
    const kind = shown.toLowerCase();
    const half = kind === 'w' ? 10 : kind !== shown ? 13 : 12;
    paint(cx - half, cx + half, 16, 64, WINDOW);
    if (kind === 'b' || kind === 'x' || kind === 'w') paint(cx - 4, cx + 4, 22, 58, BLACK);
    if (kind === 'g') {
      paint(cx - 1, cx + 1, 22, 58, BLACK);
      paint(cx + 7, cx + 11, 22, 58, BAND);
    }
    if (kind === 'x') paint(cx + 4, cx + 6, 22, 58, BAND);
    if (kind === 'r') paint(cx - 4, cx + 4, 22, 58, BAND);
    if (kind === 'o' || kind === 'k' || kind === 'f') {
      const ink = kind === 'k' ? BLACK : BAND;
      paint(cx - 10, cx - 6, 22, 58, ink);
      paint(cx + 6, cx + 10, 22, 58, ink);
      paint(cx - 10, cx + 10, 22, 25, ink);
      paint(cx - 10, cx + 10, 55, 58, ink);
    }
    if (kind === 'f') {
      paint(cx - 10, cx - 6, 22, 58, GREY);
      paint(cx + 6, cx + 10, 22, 40, GREY);
    }
  });
  return { data, width, height };
}

function rowOn(img: RgbImage, digits: string) {
  const cells = [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: X0 + PITCH * i, y: 40, u: X0 + PITCH * i, line: 0, followedBySeparator: false }));
  const c = readCounter(img, { cells, axis: [1, 0], height: 40, pitch: PITCH, lineIndexes: [0], score: 1 });
  assert.ok(c);
  return c;
}

/** A re-read of the strip past the row's last two cells that reads `text` at the image x positions `xs`. */
const reads = (text: string, xs: number[]) => {
  const asked: RotatedRect[] = [];
  const recognize = async (rects: RotatedRect[]) => {
    asked.push(...rects);
    return [recognizedAt(rects[0], text, xs)];
  };
  return { recognize, asked };
};

test('a row in a red band, its red numerals told by their cores, takes one more red numeral a pitch past it', async () => {
  const img = band('bbbbbrro');
  const row = rowOn(img, '0040955');
  assert.equal(row.decimalSource, 'colour');
  assert.equal(row.decimals, 2);
  assert.equal(inRedBand(row), true);
  const { recognize, asked } = reads('550', [195, 225, 255]);
  const ext = await extendRedBand(img, row, recognize);
  assert.equal(ext.digits, '00409550');
  assert.equal(ext.decimals, 3);
  assert.equal(ext.value, 409.55);
  assert.equal(ext.cells.length, 8);
  assert.equal(ext.cells[7].x, X0 + 7 * PITCH);
  assert.equal(ext.redFractions.length, 8);
  assert.equal(ext.redCores.length, 8);
  // The re-read starts at the row's last two cells, not before its first (the band's edge there reads as a digit).
  assert.deepEqual(asked, [beyondStrip({ ...row, cells: row.cells.slice(-2) })]);
});

test('no red numeral past the band row: a black one, nothing read, or a digit off the pitch', async () => {
  const black = band('bbbbbrrk');
  assert.equal((await extendRedBand(black, rowOn(black, '0040955'), reads('550', [195, 225, 255]).recognize)).digits, '0040955');
  const img = band('bbbbbrro');
  const row = rowOn(img, '0040955');
  assert.equal((await extendRedBand(img, row, reads('55', [195, 225]).recognize)).digits, '0040955');
  assert.equal((await extendRedBand(img, row, reads('550', [195, 225, 270]).recognize)).digits, '0040955');
  assert.equal((await extendRedBand(img, row, reads('560', [195, 225, 255]).recognize)).digits, '0040955');
});

test('a red numeral past the row washed out by glare: redder than the row\'s black numerals, it is red', async () => {
  const img = band('bbbbbrrf');
  const row = rowOn(img, '0040955');
  const [faded, ...blacks] = cellInkRedness(img, [{ x: X0 + 7 * PITCH, y: 40 }, ...row.cells.slice(0, 5)], row.axis, PITCH, row.height);
  assert.ok(blacks.every((v) => v === 0));
  assert.ok(faded < RED_INK, `the faded 0's ink is under the red numerals' (${faded})`);
  assert.equal((await extendRedBand(img, row, reads('550', [195, 225, 255]).recognize)).digits, '00409550');
  // Not where the row's black numerals' ink is about as red (their cells take in the band's red).
  const grey = band('bgggbrrf');
  const gr = rowOn(grey, '0040955');
  assert.equal(inRedBand(gr), true);
  assert.equal((await extendRedBand(grey, rowOn(grey, '0040955'), reads('550', [195, 225, 255]).recognize)).digits, '0040955');
});

test('rows not in a red band are left to the red-tail re-read', async () => {
  // Red numerals on a grey plate: the whole cells tell them, not only their cores.
  const img = band('bbbbbrro', [120, 120, 120]);
  const row = rowOn(img, '0040955');
  assert.equal(row.decimals, 2);
  assert.equal(inRedBand(row), false);
  let asked = 0;
  const ext = await extendRedBand(img, row, async (rects) => {
    asked += rects.length;
    return [recognizedAt(rects[0], '550', [195, 225, 255])];
  });
  assert.equal(ext, row);
  assert.equal(asked, 0);
});

test('a black numeral whose core takes in a red edge does not start the red run: its ink is black', () => {
  const c = rowOn(band('bbbbxrr'), '0040955');
  assert.ok(c.redCores[4] >= 0.1, `the core of the black 9 is reddened (${c.redCores[4]})`);
  assert.equal(c.decimals, 2);
  assert.equal(c.decimalSource, 'colour');
  // Red numerals with red ink throughout keep the run as the cores tell it.
  assert.equal(rowOn(band('bbbbrrr'), '0040955').decimals, 3);
});

test('a black numeral red only round it, before red numerals in the band, does not start the red run', () => {
  const c = rowOn(band('BBBBwRRR'), '00409550');
  assert.ok(c.redFractions[4] >= 0.1 && c.redCores[4] < 0.05, `the black 9's cell is red, its core not (${c.redFractions[4]}, ${c.redCores[4]})`);
  assert.equal(c.decimals, 3);
  assert.equal(c.value, 409.55);
  // Without the narrowed window, the row reads as before.
  assert.equal(rowOn(band('BBBBBRRR'), '00409550').decimals, 3);
});
