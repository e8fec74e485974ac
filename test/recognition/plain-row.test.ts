import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage, renderSvg, rotateBy } from '../../src/recognition/preprocess.js';
import { faintGlyphAt, litPitch, plainRowSigns } from '../../src/recognition/counter/plain-row.js';
import { glare } from '../../bench/lib/camera.js';
import { lcdMeterSvg } from './fixtures.js';

/**
 * The LCD face rendered, and a row over its digits as the OCR would give it: cell centres on the
 * glyphs (170 px + 62 px per digit, slanted 6 degrees, so shifted left by tan 6° of their height),
 * `digits` read at the glyphs `at` (all of them by default), a point read after the cells in `points`.
 */
async function lcdRow(display: string, digits: string, opts: { ghost?: number; at?: number[]; points?: number[]; code?: string } = {}) {
  const img = await decodeImage(await renderSvg(lcdMeterSvg(display, '01234567', { ghost: opts.ghost ?? 0.05, code: opts.code })), { maxPixels: 1e8, maxSide: 1600 });
  const at = opts.at ?? [...digits].map((_, i) => i);
  const y = 278;
  const cells = [...digits].map((d, k) => ({
    digit: Number(d),
    x: 170 + at[k] * 62 + 23 + 36 - Math.tan((6 * Math.PI) / 180) * y,
    y,
    followedBySeparator: opts.points?.includes(k) ?? false,
  }));
  return { img, row: { cells, axis: [1, 0] as [number, number], pitch: 62, height: 96 } };
}

const clean = { unreadPoint: false, pointAfter: null, inkPastEnd: false, faintCell: false, ghostLead: 0, barsAmiss: false, sparseEight: false };

test('a display read whole shows no sign', async () => {
  const { img, row } = await lcdRow('123456', '123456');
  assert.deepEqual(plainRowSigns(img, row), clean);
  const eights = await lcdRow('888888', '888888', { ghost: 0 });
  assert.deepEqual(plainRowSigns(eights.img, eights.row), clean);
});

test('a lit point between two cells that the OCR did not read is seen, and where; one it read is not a sign', async () => {
  const { img, row } = await lcdRow('654.92', '65492');
  assert.deepEqual(plainRowSigns(img, row), { ...clean, pointAfter: 2 });
  const long = await lcdRow('000060.22', '00006022', { ghost: 0.06 });
  assert.deepEqual(plainRowSigns(long.img, long.row), { ...clean, pointAfter: 5 });
  const read = await lcdRow('654.92', '65492', { points: [2] });
  assert.deepEqual(plainRowSigns(read.img, read.row), clean);
  // The OCR places a 1 on its stroke, at the right of its glyph: the point right after it is still seen.
  const afterOne = await lcdRow('671.1', '6711', { ghost: 0 });
  afterOne.row.cells[2].x += 12;
  afterOne.row.cells[3].x += 12;
  assert.equal(plainRowSigns(afterOne.img, afterOne.row).pointAfter, 2);
});

test('a point beside a digit as wide as its cell is seen at the digits\' feet', async () => {
  // The cells where the OCR put them on a rendered ` 1614.8` (1s on their strokes, right of their
  // glyphs' middles; the 8 a little left of its own), and the detector box's height: the pitch taken
  // from them is 54 px of the display's 62, and the slanted 8 spans nine tenths of its cell's grid.
  const { img, row } = await lcdRow(' 1614.8', '16148', { ghost: 0.03 });
  const cells = [269, 324, 396, 450, 505].map((x, k) => ({ ...row.cells[k], x, y: 279 }));
  assert.deepEqual(plainRowSigns(img, { ...row, cells, pitch: 54.3, height: 109 }), { ...clean, pointAfter: 3 });
});

test('a point after a row of 1s, 4s and 7s, whose feet are tapered tips alone, is seen', async () => {
  // A rendered ` 414.77` (its code and tariff above it) and the row where the OCR put it (read
  // `41477`): no digit of the row has a bottom bar, and the point ends two samples below the tips.
  const img = await decodeImage(await renderSvg(lcdMeterSvg(' 414.77', '01234567', { ghost: 0.04, tariff: 'T1', code: '1.8.1' })), { maxPixels: 1e8, maxSide: 1600 });
  const at = [[4, 254.4, 281.2], [1, 330.4, 279.5], [4, 376.1, 278.5], [7, 452.1, 276.8], [7, 512.9, 275.4]];
  const cells = at.map(([digit, x, y]) => ({ digit, x, y, followedBySeparator: false }));
  const row = { cells, axis: [0.99974, -0.02262] as [number, number], pitch: 68.43, height: 91.4 };
  assert.deepEqual(plainRowSigns(img, row), { ...clean, pointAfter: 2 });
  const bare = await decodeImage(await renderSvg(lcdMeterSvg(' 41477', '01234567', { ghost: 0.04, tariff: 'T1', code: '1.8.1' })), { maxPixels: 1e8, maxSide: 1600 });
  assert.deepEqual(plainRowSigns(bare, row), clean);
});

test('a point before a 6 whose lower loop spans its cell\'s grid from side to side is seen at the digits\' feet', async () => {
  // A rendered `1801.62` and the row where the OCR put it (read `180162`): the pitch taken from its
  // cells is 55 px of the display's 62, and the `6`'s lower loop touches both sides of its cell's grid.
  const face = (display: string) => renderSvg(lcdMeterSvg(display, '01234567', { ghost: 0.03, tariff: 'RATE 3' }));
  const cells = [[1, 208.4], [8, 263.1], [0, 317.9], [1, 390.9], [6, 445.7], [2, 500.4]].map(([digit, x]) => ({ digit, x, y: 279, followedBySeparator: false }));
  const row = { cells, axis: [1, 0] as [number, number], pitch: 54.76, height: 109.28 };
  assert.deepEqual(plainRowSigns(await decodeImage(await face('1801.62'), { maxPixels: 1e8, maxSide: 1600 }), row), { ...clean, pointAfter: 3 });
  assert.deepEqual(plainRowSigns(await decodeImage(await face('180162'), { maxPixels: 1e8, maxSide: 1600 }), row), clean);
});

test('a point below an italic 8 held askew, its middle bar just below half height, is seen', async () => {
  // A rendered `008428.87` turned 8 degrees, and the row where the OCR put it (read `00842887`): the
  // 8 before the point leans its upper half over the point, and its middle bar sits at half height.
  const upright = await decodeImage(await renderSvg(lcdMeterSvg('008428.87', '01234567', { ghost: 0.03 })), { maxPixels: 1e8, maxSide: 1600 });
  const img = rotateBy(upright, (8 * Math.PI) / 180);
  const at = [[0, 245, 304], [0, 307, 312], [8, 369, 320], [4, 431, 328], [2, 492, 336], [8, 554, 345], [8, 616, 353], [7, 678, 361]];
  const cells = at.map(([digit, x, y]) => ({ digit, x, y, followedBySeparator: false }));
  const row = { cells, axis: [0.9913, 0.1319] as [number, number], pitch: 62.3, height: 93.6 };
  assert.deepEqual(plainRowSigns(img, row), { ...clean, pointAfter: 5 });
});

test('a dot that is no display point (taller than a stroke, or one of two) is a doubt, not a point to read', async () => {
  // Ink at the digits' feet right after the third glyph (where its point would be lit).
  const dab = (img: { data: Uint8Array; width: number; height: number }, w: number, h: number) => {
    const copy = { ...img, data: Uint8Array.from(img.data) };
    for (let y = 320 - h; y < 320; y++) for (let x = 346; x < 346 + w; x++) copy.data.fill(20, (y * copy.width + x) * 3, (y * copy.width + x) * 3 + 3);
    return copy;
  };
  const { img, row } = await lcdRow('65492', '65492');
  assert.deepEqual(plainRowSigns(dab(img, 9, 9), row), { ...clean, pointAfter: 2 });
  assert.deepEqual(plainRowSigns(dab(img, 9, 20), row), { ...clean, unreadPoint: true });
  const two = await lcdRow('6.5492', '65492');
  assert.deepEqual(plainRowSigns(two.img, two.row), { ...clean, pointAfter: 0 });
  assert.deepEqual(plainRowSigns(dab(two.img, 9, 9), two.row), { ...clean, unreadPoint: true });
});

test('a digit past the last cell, or before the first, is ink past the end', async () => {
  const last = await lcdRow('245381', '24538');
  assert.equal(plainRowSigns(last.img, last.row).inkPastEnd, true);
  const first = await lcdRow('245381', '45381', { at: [1, 2, 3, 4, 5] });
  assert.equal(plainRowSigns(first.img, first.row).inkPastEnd, true);
  // The unit after the digits is smaller than a digit, and the display's frame runs past the row.
  const whole = await lcdRow('245381', '245381');
  assert.equal(plainRowSigns(whole.img, whole.row).inkPastEnd, false);
  // A register code above the digits is not part of a left-out first digit's ink.
  const coded = await lcdRow('245381', '45381', { at: [1, 2, 3, 4, 5], code: '1.8.1' });
  assert.equal(plainRowSigns(coded.img, coded.row).inkPastEnd, true);
  const codedWhole = await lcdRow('245381', '245381', { code: '1.8.1' });
  assert.equal(plainRowSigns(codedWhole.img, codedWhole.row).inkPastEnd, false);
});

test('blank leading digits whose unlit segments read as 8s are ghosts to leave out; any other faint cell is a doubt', async () => {
  const { img, row } = await lcdRow('   3950', '8883950', { ghost: 0.06 });
  assert.deepEqual(plainRowSigns(img, row), { ...clean, ghostLead: 3 });
  const lit = await lcdRow('   3950', '3950', { ghost: 0.06, at: [3, 4, 5, 6] });
  assert.deepEqual(plainRowSigns(lit.img, lit.row), clean);
  // Read as 0s, the blank digits are not the 8s that unlit segments show: faint, and not left out.
  const zeros = await lcdRow('   3950', '0003950', { ghost: 0.06 });
  assert.deepEqual(plainRowSigns(zeros.img, zeros.row), { ...clean, faintCell: true });
  // A blank digit inside the number is no leading blank.
  const inside = await lcdRow('39 50', '39850', { ghost: 0.06 });
  assert.deepEqual(plainRowSigns(inside.img, inside.row), { ...clean, faintCell: true });
});

/** The image with everything left of `x` at `share` of its light, and a soft edge 60 px wide: a shadow across the display. */
function shaded(img: { data: Uint8Array; width: number; height: number }, x: number, share: number) {
  const data = Uint8Array.from(img.data);
  for (let y = 0; y < img.height; y++) {
    for (let px = 0; px < img.width; px++) {
      const gain = share + (1 - share) * Math.min(1, Math.max(0, (px - x + 30) / 60));
      for (let c = 0; c < 3; c++) data[(y * img.width + px) * 3 + c] = Math.round(data[(y * img.width + px) * 3 + c] * gain);
    }
  }
  return { ...img, data };
}

test('a display half in shadow shows no sign: each cell is as faint as its own ground says', async () => {
  const { img, row } = await lcdRow('190449', '190449', { ghost: 0 });
  assert.deepEqual(plainRowSigns(shaded(img, 170 + 2 * 62, 0.3), row), clean);
  // Blank digits in the shadow, read as 0s, are as faint there as in the light: still a doubt.
  const zeros = await lcdRow('   3950', '0003950', { ghost: 0.06 });
  assert.equal(plainRowSigns(shaded(zeros.img, 170 + 2 * 62, 0.3), zeros.row).faintCell, true);
});

test('on a display whose unlit segments show, a digit read with bars it does not have lit is amiss', async () => {
  const right = await lcdRow('  324.79', '8832479', { ghost: 0.09 });
  assert.deepEqual(plainRowSigns(right.img, right.row), { ...clean, ghostLead: 2, pointAfter: 4 });
  // The 7's unlit middle and bottom bars taken for lit ones: a 3.
  const three = await lcdRow('  324.79', '8832439', { ghost: 0.09 });
  assert.equal(plainRowSigns(three.img, three.row).barsAmiss, true);
  // A 1 read as a 7: too narrow for one.
  const seven = await lcdRow('  4161', '884767', { ghost: 0.09 });
  assert.equal(plainRowSigns(seven.img, seven.row).barsAmiss, true);
  assert.equal(plainRowSigns(seven.img, { ...seven.row, cells: seven.row.cells.map((c, i) => ({ ...c, digit: Number('884161'[i]) })) }).barsAmiss, false);
});

test('a 1 read as an 8 (its unlit segments showing) has too little ink for one', async () => {
  const { img, row } = await lcdRow('00081.3', '000883', { ghost: 0.11, points: [4] });
  assert.equal(plainRowSigns(img, row).sparseEight, true);
  const right = await lcdRow('00081.3', '000813', { ghost: 0.11, points: [4] });
  assert.equal(plainRowSigns(right.img, right.row).sparseEight, false);
});

test('a last 1 in a glare, the glass round it lit unevenly, is ink past the end; a row read whole in the same glare is not', async () => {
  // A lamp's highlight centred 50 px past the cell after the row (white added, 170 grey levels at its
  // centre, gone 90 px off): the glass round the `1` goes from the display's grey to white.
  const lit = ({ img, row }: Awaited<ReturnType<typeof lcdRow>>) => {
    const next = { x: row.cells[row.cells.length - 1].x + row.pitch + 50, y: 270 };
    return { ...img, data: glare(img.data, img.width, img.height, next.x, next.y, 90, 170) };
  };
  const short = await lcdRow('524381', '52438');
  assert.equal(plainRowSigns(lit(short), short.row).inkPastEnd, true);
  const whole = await lcdRow('524381', '524381');
  assert.equal(plainRowSigns(lit(whole), whole.row).inkPastEnd, false);
  const five = await lcdRow('52438', '52438');
  assert.equal(plainRowSigns(lit(five), five.row).inkPastEnd, false);
});

test('the cells\' spacing is taken from the digits other than 1s, where they are spaced evenly', () => {
  const row = (at: [number, number][], pitch: number) => ({ cells: at.map(([digit, x]) => ({ digit, x, y: 0, followedBySeparator: false })), axis: [1, 0] as [number, number], pitch });
  // `1913` with each 1 placed on its stroke: gaps 45, 75 and 45 px, its cells 60 apart.
  assert.equal(litPitch(row([[1, 397], [9, 442], [1, 517], [3, 562]], 45)), 60);
  // Uneven steps between the other digits: the row's own pitch.
  assert.equal(litPitch(row([[1, 440], [9, 509], [5, 578], [5, 670]], 68.9)), 68.9);
  // A difference no 1 off its cell's centre makes, or no two digits other than 1s.
  assert.equal(litPitch(row([[1, 100], [0, 112], [3, 141], [0, 170]], 12.2)), 12.2);
  assert.equal(litPitch(row([[1, 100], [1, 160], [7, 220]], 60)), 60);
});

test('a last 1 past a row whose 1s shorten its median gap is ink past the end, in a glare', async () => {
  // A glared `19.131` read `19.13`: the OCR places each `1` on its stroke, a quarter pitch right of
  // its cell's middle, so the row's gaps are 46, 78 and 46 px of the display's 62, and a strip placed
  // by the 46 stops short of the last `1`.
  const lit = ({ img, row }: Awaited<ReturnType<typeof lcdRow>>) => {
    const next = { x: row.cells[row.cells.length - 1].x + 62 + 40, y: 265 };
    return { ...img, data: glare(img.data, img.width, img.height, next.x, next.y, 80, 170) };
  };
  const onStrokes = (r: Awaited<ReturnType<typeof lcdRow>>) => {
    const cells = r.row.cells.map((c) => (c.digit === 1 ? { ...c, x: c.x + 16 } : c));
    return { img: lit(r), row: { ...r.row, cells, pitch: 46 } };
  };
  const short = onStrokes(await lcdRow('19.131', '1913', { points: [1] }));
  assert.equal(plainRowSigns(short.img, short.row).inkPastEnd, true);
  const whole = onStrokes(await lcdRow('19.13', '1913', { points: [1] }));
  assert.equal(plainRowSigns(whole.img, whole.row).inkPastEnd, false);
});

test('a glyph past the row as faint as unlit segments is a ghost, unless a glare blows its cell out', async () => {
  // `   4298`: the blank cells before the row show their unlit segments, an `8` a tenth as dark.
  const { img, row } = await lcdRow('   4298', '4298', { ghost: 0.1, at: [3, 4, 5, 6] });
  const before = { x: row.cells[0].x - row.pitch, y: row.cells[0].y };
  assert.equal(faintGlyphAt(img, row, before), true);
  // A lamp's highlight on the glass there: white added, full at the cell's centre, gone 70 px off.
  assert.equal(faintGlyphAt({ ...img, data: glare(img.data, img.width, img.height, before.x, before.y, 70, 200) }, row, before), false);
});

/** The image blurred by `passes` box blurs 2r + 1 px wide each way (near a Gaussian blur): a photo out of focus. */
function blurred(img: { data: Uint8Array; width: number; height: number }, r: number, passes: number) {
  const { width: w, height: h } = img;
  const along = (src: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let k = -r; k <= r; k++) sum += src[(Math.min(h - 1, Math.max(0, y + k * dy)) * w + Math.min(w - 1, Math.max(0, x + k * dx))) * 3 + c];
          out[(y * w + x) * 3 + c] = sum / (2 * r + 1);
        }
      }
    }
    return out;
  };
  let data = Float32Array.from(img.data);
  for (let i = 0; i < passes; i++) data = along(along(data, 1, 0), 0, 1);
  return { ...img, data: Uint8Array.from(data, (v) => Math.round(v)) };
}

test('a point the samples fall on the edges of, one row of them passing for ink, is a doubt seen from a fainter ink', async () => {
  // A rendered `  51.41` and the row where the OCR put it (read `5 141`): the pitch taken from its
  // cells is 73 px of the display's 62, and the point, beside the 1's foot, came to one row of samples.
  const img = await decodeImage(await renderSvg(lcdMeterSvg('  51.41', '01234567', { ghost: 0.03, tariff: 'RATE 4' })), { maxPixels: 1e8, maxSide: 1600 });
  const cells = [[5, 315.7], [1, 389.1], [4, 444.2], [1, 517.6]].map(([digit, x]) => ({ digit, x, y: 279, followedBySeparator: false }));
  const row = { cells, axis: [1, 0] as [number, number], pitch: 73.41, height: 110.23 };
  assert.deepEqual(plainRowSigns(img, row), { ...clean, unreadPoint: true });
  assert.deepEqual(plainRowSigns(blurred(img, 1, 2), row), { ...clean, unreadPoint: true });
  // Without its point, the display shows none; nor does a speck at the digits' feet that the fainter ink grows.
  const bare = await decodeImage(await renderSvg(lcdMeterSvg('  5141', '01234567', { ghost: 0.03, tariff: 'RATE 4' })), { maxPixels: 1e8, maxSide: 1600 });
  assert.deepEqual(plainRowSigns(bare, row), clean);
  const speck = { ...bare, data: Uint8Array.from(bare.data) };
  for (let y = 316; y < 319; y++) for (let x = 410; x < 413; x++) speck.data.fill(120, (y * speck.width + x) * 3, (y * speck.width + x) * 3 + 3);
  assert.deepEqual(plainRowSigns(speck, row), clean);
});
