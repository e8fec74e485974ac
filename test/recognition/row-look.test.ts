import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drumLooksBefore, inkTurnsPast, inSeparateWindows, onLighterCarrier, rowLook } from '../../src/recognition/counter/row-look.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';

/** A row of 5 cells at 30 px pitch centred on y = 40: faces 22 px wide, background elsewhere. */
function row(face: number, background: number, ink = 20): RgbImage {
  const width = 210;
  const img: RgbImage = { data: new Uint8Array(width * 80 * 3).fill(background), width, height: 80 };
  for (let i = 0; i < 5; i++) {
    for (let y = 15; y < 65; y++) {
      for (let x = 45 + 30 * i - 11; x < 45 + 30 * i + 11; x++) {
        const dark = x > 45 + 30 * i - 3 && x < 45 + 30 * i + 3 && y > 25 && y < 55; // a digit stroke
        img.data.fill(dark ? ink : face, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
  }
  return img;
}

const geometry = { cells: [0, 1, 2, 3, 4].map((i) => ({ x: 45 + 30 * i, y: 40 })), axis: [1, 0] as [number, number], pitch: 30, height: 40 };

test('drum faces in separate dark windows are told from rows on one background', () => {
  const windows = rowLook(row(220, 40), geometry);
  assert.ok(windows.face > 200 && windows.gap < 60);
  assert.equal(inSeparateWindows(windows), true);
  // One light panel (an LCD, a continuous drum strip): no dark strips between the digits.
  assert.equal(inSeparateWindows(rowLook(row(220, 220), geometry)), false);
  // Dark faces in a darker plate are separate windows too; a strip lighter between the drums is not.
  assert.equal(inSeparateWindows(rowLook(row(60, 20), geometry)), true);
  assert.equal(inSeparateWindows(rowLook(row(60, 120), geometry)), false);
});

test('the bars between windows are found when the OCR cell centres sit off the drums', () => {
  // Every centre 5 px (a sixth of the pitch) left of its drum: the strips half way lie mostly on the faces.
  const off = { ...geometry, cells: geometry.cells.map((c) => ({ ...c, x: c.x - 5 })) };
  const look = rowLook(row(220, 40), off);
  assert.ok(look.gap > 0.95 * look.face, `strips half way see the faces (${look.gap} vs ${look.face})`);
  assert.ok(look.bars < 60);
  assert.equal(inSeparateWindows(look), true);
});

test('a digit stroke near the strips between LCD digits is no bar', () => {
  // One background, and a stroke over the upper 60% of the strip height 0.1 pitch right of half
  // way (an LCD segment): a moved strip touches it, but is not dark over its whole height.
  const img = row(220, 220);
  for (let i = 0; i < 5; i++) {
    for (let y = 26; y < 43; y++) {
      for (let x = 45 + 30 * i + 16; x < 45 + 30 * i + 21; x++) img.data.fill(20, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
    }
  }
  const look = rowLook(img, geometry);
  assert.ok(look.bars > 0.95 * look.face, `bars ${look.bars} face ${look.face}`);
  assert.equal(inSeparateWindows(look), false);
});

test('dark drums on a lighter carrier are told from rows on one background', () => {
  assert.equal(onLighterCarrier(rowLook(row(20, 60), geometry)), true);
  assert.equal(onLighterCarrier(rowLook(row(60, 120), geometry)), true);
  assert.equal(onLighterCarrier(rowLook(row(220, 220), geometry)), false);
  assert.equal(onLighterCarrier(rowLook(row(220, 40), geometry)), false);
});

test('the ink of the digits is told lighter or darker than their faces', () => {
  assert.equal(rowLook(row(220, 40), geometry).lightInk, false);
  assert.equal(rowLook(row(220, 220), geometry).lightInk, false);
  // White numerals on dark drums (a gas register), in windows or on one band.
  assert.equal(rowLook(row(30, 10, 235), geometry).lightInk, true);
  assert.equal(rowLook(row(30, 30, 235), geometry).lightInk, true);
});

/** `img` with one more cell a pitch past the row's last (centre x = 195): a face and a stroke of its own. */
function withFurtherCell(img: RgbImage, face: number, ink: number): RgbImage {
  const out = { ...img, data: Uint8Array.from(img.data) };
  for (let y = 15; y < 65; y++) {
    for (let x = 195 - 11; x < 195 + 11; x++) {
      const dark = x > 192 && x < 198 && y > 25 && y < 55;
      out.data.fill(dark ? ink : face, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
    }
  }
  return out;
}

/** Whether the cell a pitch past the row is printed the other way round from the row, by the row's look. */
function turnsPast(img: RgbImage): boolean {
  return inkTurnsPast(img, geometry, rowLook(img, geometry), 1);
}

test('a digit past the row printed the other way round from the row is told from one printed as the row is', () => {
  // Dark numerals on light faces, and past them one more such (a window of the row's own, an LCD's digit).
  const plain = row(220, 40);
  assert.equal(turnsPast(withFurtherCell(plain, 220, 20)), false);
  // ... also in more light than the row (a shadow over the row, not over the further drum).
  assert.equal(turnsPast(withFurtherCell(plain, 250, 30)), false);
  // A light numeral on a dark drum past them (a tenths drum set apart, in a plate of its own).
  assert.equal(turnsPast(withFurtherCell(plain, 40, 235)), true);
  // White numerals on dark drums, and past them a dark numeral on a bare metal drum, however dull.
  const dark = row(30, 10, 235);
  assert.equal(turnsPast(withFurtherCell(dark, 200, 30)), true);
  assert.equal(turnsPast(withFurtherCell(dark, 150, 30)), true);
  assert.equal(turnsPast(withFurtherCell(dark, 30, 235)), false);
});

test('light windows turn no lighter drum past them, though their cells measure as light ink', () => {
  // Bold numerals in a shadow fill most of their cells: the look's patches measure light ink a few
  // grey levels over their faces, and the row's own next window, in the light past the shadow, lies
  // nearer that tone than the faces'. Taken whole, the windows show their numerals dark.
  const dull = row(80, 10, 95);
  assert.equal(rowLook(dull, geometry).lightInk, true);
  assert.equal(turnsPast(withFurtherCell(dull, 220, 20)), false);
  // A dark drum with a light numeral past light windows is turned, as before.
  assert.equal(turnsPast(withFurtherCell(dull, 15, 200)), true);
  // Light numerals on dark drums still turn a light drum past them.
  const drums = row(30, 10, 110);
  assert.equal(turnsPast(withFurtherCell(drums, 100, 20)), true);
});

test('a drum a pitch before the row is told from the plate, a bare window and a face of another look', () => {
  // The row as the OCR saw it: its last four cells; the first drum (x = 45) left out.
  const tail = { ...geometry, cells: geometry.cells.slice(1) };
  const before = (img: RgbImage) => drumLooksBefore(img, tail, rowLook(img, tail));
  /** `img` with the cell centred at x = 45 painted `face`, with a stroke of `ink` when given. */
  const repainted = (img: RgbImage, face: number, ink?: number): RgbImage => {
    const out = { ...img, data: Uint8Array.from(img.data) };
    for (let y = 15; y < 65; y++) {
      for (let x = 34; x < 56; x++) out.data.fill(ink !== undefined && x > 42 && x < 48 && y > 25 && y < 55 ? ink : face, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
    }
    return out;
  };
  // Dark numerals in light windows, and white ones on dark drums on a lighter carrier.
  assert.equal(before(row(220, 40)), true);
  assert.equal(before(row(20, 90, 240)), true);
  // No window there, only the plate (a frame, a bracket's shadow).
  assert.equal(before(repainted(row(220, 40), 40)), false);
  assert.equal(before(repainted(row(20, 90, 240), 90)), false);
  // A window of the row's look with nothing in it, and a numeral on a face of another tone.
  assert.equal(before(repainted(row(220, 40), 220)), false);
  assert.equal(before(repainted(row(20, 90, 240), 120, 240)), false);
  // A window of the row's look with a dark edge at its side, not a numeral in its middle (the plate's edge).
  const edged = repainted(row(220, 40), 220);
  for (let y = 15; y < 65; y++) edged.data.fill(20, (y * edged.width + 35) * 3, (y * edged.width + 38) * 3);
  assert.equal(before(edged), false);
});

test('a drum a pitch before the row is one of its drums in a shadow too: its ground, ink and bar darker by one factor', () => {
  const tail = { ...geometry, cells: geometry.cells.slice(1) };
  const before = (img: RgbImage) => drumLooksBefore(img, tail, rowLook(img, tail));
  /** `img` with everything left of x = 67 (the first drum and the bar after it) at `light` of its tone. */
  const shaded = (img: RgbImage, light: number): RgbImage => {
    const out = { ...img, data: Uint8Array.from(img.data) };
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < 67; x++) for (let k = 0; k < 3; k++) out.data[(y * img.width + x) * 3 + k] = Math.round(img.data[(y * img.width + x) * 3 + k] * light);
    }
    return out;
  };
  // Dark numerals in light windows, and white ones on dark drums on a lighter carrier, at 0.4 of the light.
  assert.equal(before(shaded(row(220, 40), 0.4)), true);
  assert.equal(before(shaded(row(20, 90, 240), 0.4)), true);
  // A grey plate there, darker than the windows, with no numeral in it: no drum in a shade.
  const plate = row(220, 40);
  for (let y = 15; y < 65; y++) plate.data.fill(90, (y * plate.width + 34) * 3, (y * plate.width + 56) * 3);
  assert.equal(before(plate), false);
  // An empty window in the shade, and one too deep in it to tell (0.2 of the light).
  const empty = row(220, 40);
  for (let y = 15; y < 65; y++) empty.data.fill(220, (y * empty.width + 34) * 3, (y * empty.width + 56) * 3);
  assert.equal(before(shaded(empty, 0.4)), false);
  assert.equal(before(shaded(row(220, 40), 0.2)), false);
});
