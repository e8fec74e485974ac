import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extendRedTail, redTailCentres, unreadRedTails } from '../../src/recognition/counter/extend.js';
import { readCounter } from '../../src/recognition/counter/reader.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';

/** A grey strip with `black` plain cells followed by `red` red cells, 30 px pitch, 40 px high. */
function strip(black: number, red: number): RgbImage {
  const width = 30 * (black + red + 2);
  const height = 80;
  const data = new Uint8Array(width * height * 3).fill(200);
  for (let x = 30 * (black + 1); x < 30 * (black + red + 1); x++) {
    for (let y = 20; y < 60; y++) data.set([200, 30, 30], (y * width + x) * 3);
  }
  return { data, width, height };
}

const cells = (digits: string): DigitCell[] =>
  [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: 45 + 30 * i, y: 40, u: 45 + 30 * i, line: 0, followedBySeparator: false }));

function counterOn(img: RgbImage, digits: string) {
  const c = readCounter(img, { cells: cells(digits), axis: [1, 0], height: 40, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(c);
  return c;
}

/** The one row unreadRedTails gives (red drum faces give one at most), or null. */
function unreadRedTail(img: RgbImage, c: Parameters<typeof unreadRedTails>[1]) {
  const all = unreadRedTails(img, c);
  assert.ok(all.length <= 1);
  return all[0] ?? null;
}

test('redTailCentres finds the red drums the OCR left out, and stops at the first plain cell', () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  const tail = redTailCentres(img, c);
  assert.deepEqual(tail.map((p) => Math.round(p.x)), [195, 225, 255]);
  assert.deepEqual(redTailCentres(strip(5, 0), counterOn(strip(5, 0), '00488')), []);
});

/** As strip(), with a red frame's edge (a 6 px red stroke) in the cell right after the red cells. */
function framed(black: number, red: number): RgbImage {
  const img = strip(black, red);
  const x0 = 30 * (black + red + 1) + 4;
  for (let x = x0; x < x0 + 6; x++) for (let y = 16; y < 64; y++) img.data.set([200, 30, 30], (y * img.width + x) * 3);
  return img;
}

test('redTailCentres stops at a cell red but no drum face past the red drum faces: the frame round them', () => {
  const img = framed(5, 3);
  // A row ending in black drums, and one ending in a red drum: the frame's edge is no drum either way.
  assert.deepEqual(redTailCentres(img, counterOn(img, '00488')).map((p) => [Math.round(p.x), p.face]), [[195, true], [225, true], [255, true]]);
  assert.deepEqual(redTailCentres(img, counterOn(img, '004886')).map((p) => Math.round(p.x)), [225, 255]);
  // Without red drum faces before it, a red cell is the tail (red numerals on light drums fill their cells less).
  const thin = framed(5, 0);
  assert.deepEqual(redTailCentres(thin, counterOn(thin, '00488')).map((p) => [Math.round(p.x), p.face]), [[195, false]]);
});

test('unreadRedTails adds the red drum faces past a row as unread cells, for the CNN to read', () => {
  const img = framed(5, 3);
  const c = counterOn(img, '0048867');
  assert.deepEqual([c.decimals, c.decimalSource], [2, 'colour']);
  const tail = unreadRedTail(img, c);
  assert.ok(tail);
  assert.equal(tail.digits, '00488670');
  assert.deepEqual([tail.decimals, tail.decimalSource], [3, 'colour']);
  assert.deepEqual(tail.cells.map((k) => k.unread === true), [false, false, false, false, false, false, false, true]);
  assert.equal(Math.round(tail.cells[7].x), 255);
  // A row without red drums: all three red faces past it.
  const black = unreadRedTail(img, counterOn(img, '00488'));
  assert.ok(black);
  assert.deepEqual([black.digits, black.decimals, black.cells.filter((k) => k.unread).length], ['00488000', 3, 3]);
  // Nothing past the drums, or red numerals on light drums past it (no drum faces): none.
  assert.equal(unreadRedTail(img, counterOn(img, '00488675')), null);
  const light = redNumerals(5, 3);
  assert.equal(unreadRedTail(light, counterOn(light, '004886')), null);
  assert.equal(unreadRedTail(light, counterOn(light, '00488')), null);
});

test('extendRedTail adds the re-read digits as fractional drums only when the re-read starts with the last two digits of the row', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  // A fake re-read whose characters sit on consecutive cells of the 5-cell rectangle (one CTC step per cell).
  const rec = (text: string, cellsOf = [...text].map((_, i) => i)) => async () => [
    { text, score: 0.9, charScores: [...text].map(() => 0.9), charSteps: cellsOf, steps: 5, cropWidth: 5, inputWidth: 5 },
  ];
  const ext = await extendRedTail(img, c, rec('88675'));
  assert.equal(ext.digits, '00488675');
  assert.equal(ext.decimals, 3);
  assert.equal(ext.decimalSource, 'colour');
  // The re-read may stop before the last red cell (red paint past the drums).
  const short = await extendRedTail(img, c, rec('886'));
  assert.equal(short.digits, '004886');
  assert.equal(short.decimals, 1);
  assert.equal((await extendRedTail(img, c, rec('98675'))).digits, '00488');
  assert.equal((await extendRedTail(img, c, rec('88'))).digits, '00488');
  assert.equal((await extendRedTail(img, c, rec('886751'))).digits, '00488');
  // '8' '8' then '7' on the fourth cell: the third cell was skipped.
  assert.equal((await extendRedTail(img, c, rec('887', [0, 1, 3]))).digits, '00488');
});

/**
 * A fake re-read that reads `text` over the rectangle from the row's last two digits (5 cells, 150 px),
 * its characters at `cellsAt` (in cells, fractions allowed), and nothing over any other rectangle.
 */
const rereadAt = (text: string, cellsAt: number[]) => async (rects: { width: number }[]) => [
  rects[0].width === 150
    ? {
        text,
        score: 0.9,
        charScores: [...text].map(() => 0.9),
        // Ten CTC steps per cell: step s is centred at cell (s + 0.5) / 10 - 0.5.
        charSteps: cellsAt.map((c) => 10 * c + 4.5),
        steps: 50,
        cropWidth: 50,
        inputWidth: 50,
      }
    : { text: '', score: 0, charScores: [], charSteps: [], steps: 50, cropWidth: 50, inputWidth: 50 },
];

test('extendRedTail takes a letter read on a red drum as its digit, unsure, but not a letter ending the re-read', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  const ext = await extendRedTail(img, c, rereadAt('88S75', [0, 1, 2, 3, 4]));
  assert.equal(ext.digits, '00488575');
  assert.equal(ext.decimals, 3);
  assert.equal(ext.cells[5].score, 0.5, 'the S is an unsure 5 the CNN must confirm');
  assert.equal(ext.cells[6].score, 0.9);
  // A trailing letter is the frame or the paint past the drums: the re-read ends before it.
  const trailing = await extendRedTail(img, c, rereadAt('8867S', [0, 1, 2, 3, 4]));
  assert.equal(trailing.digits, '0048867');
  assert.equal(trailing.decimals, 2);
  // A glyph that is no digit look-alike on a red drum face is that drum, unread (see the next test).
  const glyph = await extendRedTail(img, c, rereadAt('88E', [0, 1, 2]));
  assert.equal(glyph.digits, '004880');
  assert.equal(glyph.cells[5].unread, true);
});

/** As strip(), but the red cells are light drums with red numerals (a red stroke down their middle). */
function redNumerals(black: number, red: number): RgbImage {
  const img = strip(black, red);
  for (let x = 30 * (black + 1); x < 30 * (black + red + 1); x++) {
    for (let y = 20; y < 60; y++) if (Math.abs((x % 30) - 15) > 3) img.data.set([235, 235, 235], (y * img.width + x) * 3);
  }
  return img;
}

test('extendRedTail takes a glyph that is no digit on a red drum face for that drum, unread, for the CNN to read', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  // A rolling drum's two half numerals read as a symbol, mid-row or last.
  const mid = await extendRedTail(img, c, rereadAt('88÷75', [0, 1, 2, 3, 4]));
  assert.equal(mid.digits, '00488075');
  assert.deepEqual(mid.cells.map((k) => k.unread === true), [false, false, false, false, false, true, false, false]);
  assert.equal(mid.cells[5].score, 0);
  assert.deepEqual([mid.decimals, mid.decimalSource], [3, 'colour']);
  // A re-read that reads digits as far as a glyph on the next red drum does not end the row there.
  const past = await extendRedTail(img, c, rereadAt('8867%', [0, 1, 2, 3, 4]));
  assert.equal(past.digits, '00488670');
  assert.deepEqual(past.cells.slice(5).map((k) => k.unread === true), [false, false, true]);
  const last = await extendRedTail(img, c, rereadAt('88%', [0, 1, 2]));
  assert.equal(last.digits, '004880');
  assert.equal(last.cells[5].unread, true);
  // Off the drums' spacing it is skipped: a symbol is no drum to place the next digit after.
  assert.equal((await extendRedTail(img, c, rereadAt('88%6', [0, 1, 1.5, 2]))).digits, '004886');
  // Red numerals on light drums: the glyph may be the numeral's part as well as the drum, so it is skipped.
  const light = redNumerals(5, 3);
  const onLight = counterOn(light, '00488');
  assert.equal((await extendRedTail(light, onLight, rereadAt('88÷75', [0, 1, 2, 3, 4]))).digits, '00488');
  assert.equal((await extendRedTail(light, onLight, rereadAt('88%', [0, 1, 2]))).digits, '00488');
  // ... nor does the row end before it: the tail read that far is left out (a red drum beyond, see readCounter).
  const stopped = await extendRedTail(light, onLight, rereadAt('886%', [0, 1, 2, 3]));
  assert.equal(stopped.digits, '00488');
  assert.equal(stopped.redBeyond, true);
  // A glyph off the next drum's place (red paint past the drums) still ends the re-read.
  assert.equal((await extendRedTail(light, onLight, rereadAt('886%', [0, 1, 2, 3.6]))).digits, '004886');
});

test('extendRedTail ends the red tail before a cell a word is boxed on: a frame\'s edge beside the unit is no drum', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  // A re-read that reads the drums `00488675` (30 px apart from x 45) whose centres its rectangle holds.
  const reread = async (rects: { cx: number; width: number }[]) => {
    const text = [...'00488675'].filter((_, i) => Math.abs(45 + 30 * i - rects[0].cx) < rects[0].width / 2).join('');
    const n = 10 * text.length;
    return [{ text, score: 0.9, charScores: [...text].map(() => 0.9), charSteps: [...text].map((_, i) => 10 * i + 4.5), steps: n, cropWidth: n, inputWidth: n }];
  };
  const word = (text: string, left: number, top = 25, score = 0.9, height = 30) => ({
    text,
    score,
    box: [[left, top], [left + 60, top], [left + 60, top + height], [left, top + height]] as [number, number][],
  });
  // The third red cell's centre is at x 255: a unit boxed from 262 overlaps its drum.
  const cut = await extendRedTail(img, c, reread, [word('kWh', 262)]);
  assert.deepEqual([cut.digits, cut.decimals], ['0048867', 2]);
  // Boxed clear of it, above the row, or not a word (digits in it, or letters that read as digits),
  // or letters read unsurely or boxed as tall as the drums (red drums read as letters): the tail goes on.
  for (const other of [word('kWh', 268), word('kWh', 262, -40), word('m3', 262), word('OIS', 262), word('SNH', 262, 25, 0.4), word('SNH', 262, 18, 0.9, 40)]) {
    assert.equal((await extendRedTail(img, c, reread, [other])).digits, '00488675', other.text);
  }
});

test('extendRedTail places red drums where the re-read found them, each about a pitch past the last', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '00488');
  // Red drums behind their own window, a little off the black drums' pitch.
  const drifted = await extendRedTail(img, c, rereadAt('88675', [0, 1, 2.1, 3.2, 4.3]));
  assert.equal(drifted.digits, '00488675');
  assert.deepEqual(
    drifted.cells.slice(5).map((k) => Math.round(k.x)),
    [198, 231, 264],
  );
  // A digit half a pitch off the drums' spacing is no drum: nothing is added.
  assert.equal((await extendRedTail(img, c, rereadAt('88675', [0, 1, 2.5, 3.5, 4.5]))).digits, '00488');
});

test('extendRedTail keeps a row irregular when regularise() dropped a rival first cell (an 8 also read as the 3 of its right half)', async () => {
  const img = strip(5, 3);
  // '8' and '3' 10 px apart: two boxes read the first drum twice; regularise drops the 8 and doubts the row.
  const rivals: DigitCell[] = [{ ...cells('8')[0], x: 35, u: 35 }, ...cells('30488')];
  const c = readCounter(img, { cells: rivals, axis: [1, 0], height: 40, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(c);
  assert.equal(c.digits, '30488');
  assert.equal(c.regular, false);
  const rec = async () => [{ text: '88675', score: 0.9, charScores: [0.9, 0.9, 0.9, 0.9, 0.9], charSteps: [0, 1, 2, 3, 4], steps: 5, cropWidth: 5, inputWidth: 5 }];
  const ext = await extendRedTail(img, c, rec);
  assert.equal(ext.digits, '30488675');
  assert.equal(ext.regular, false);
});

test('extendRedTail takes the red drums a re-read from the last digit read before it stopped, where no fuller re-read holds', async () => {
  const img = strip(5, 3);
  const c = counterOn(img, '004886');
  assert.equal(c.decimalSource, 'colour');
  // Ten CTC steps per cell over each rectangle: from the last digit (3 cells, 90 px) and from the last two (4 cells, 120 px).
  const reads = (fromLast: string, fromLastTwo: string) => async (rects: { width: number }[]) =>
    rects.map((r) => {
      const text = r.width === 90 ? fromLast : r.width === 120 ? fromLastTwo : '';
      const cellsN = Math.round(r.width / 30);
      return { text, score: 0.95, charScores: [...text].map(() => 0.95), charSteps: [...text].map((_, i) => 10 * i + 4.5), steps: 10 * cellsN, cropWidth: 10 * cellsN, inputWidth: 10 * cellsN };
    });
  // A gas row's next red drum read, its last one rolling and read as nothing; the longer strip misread.
  const partial = await extendRedTail(img, c, reads('67', '0167'));
  assert.equal(partial.digits, '0048867');
  assert.equal(partial.decimals, 2);
  // A fuller reading from the last two digits comes first.
  assert.equal((await extendRedTail(img, c, reads('67', '8675'))).digits, '00488675');
  // Nothing read past the row: the row as it was.
  assert.equal((await extendRedTail(img, c, reads('6', '0167'))).digits, '004886');
  // A row not yet ending in red drums is extended only by a re-read over all its red cells.
  const plain = counterOn(img, '00488');
  assert.equal((await extendRedTail(img, plain, async (rects) => rects.map((r) => ({ text: r.width === 120 ? '867' : '', score: 0.95, charScores: [0.95, 0.95, 0.95], charSteps: [4.5, 14.5, 24.5], steps: 40, cropWidth: 40, inputWidth: 40 })))).digits, '00488');
});
