import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commonPitch, joinedRect, joinedRows, loneGroups } from '../../src/recognition/counter/lone-boxes.js';
import type { RotatedRect } from '../../src/recognition/ocr/geometry.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import { lineAt } from './fixtures.js';

const img: RgbImage = { data: new Uint8Array(900 * 640 * 3), width: 900, height: 640 };

const line = lineAt;

// A rendered 6+1 register with drums 66 px apart (centres 199 ... 595), its last drums rolling: the
// detector boxed the third drum's `3`, the fourth as `?`, the sixth and seventh each as two half
// numerals one over the other, and the text around it.
const rolling = [
  line('3', 266, 253, 30, 40),
  line('?', 331, 245, 20, 21),
  line('9', 528, 230, 30, 20),
  line('0', 524, 279, 40, 25),
  line('9', 594, 229, 30, 29),
  line('0', 594, 279, 39, 34),
  line('kWh', 698, 256, 94, 41),
  line('230V 10(60)A 50Hz 1000imp/kWh', 421, 360, 522, 31),
  line('No 01234567', 269, 418, 220, 32),
];

test('drum-sized boxes on one line, whole pitches apart, are one group; half numerals one over the other are one drum', () => {
  const groups = loneGroups(rolling);
  assert.equal(groups.length, 1);
  const [g] = groups;
  assert.deepEqual(g.drums.map((d) => Math.round(d.x)), [266, 331, 526, 594]);
  assert.ok(Math.abs(g.pitch - 65.6) < 0.5, `pitch ${g.pitch}`);
});

test('a box of two characters is two drums; words, long lines and stray boxes make no group', () => {
  const split = loneGroups([line('o', 202, 256, 26, 35), line('1', 267, 255, 66, 42), line('75', 431, 255, 118, 48), line('5', 522, 253, 43, 47)]);
  assert.equal(split.length, 1);
  assert.deepEqual(split[0].drums.map((d) => Math.round(d.x)), [202, 267, 402, 461, 522]);
  // Fewer than three drums, fewer than two digits, or gaps that are no whole number of one pitch.
  assert.deepEqual(loneGroups([line('4', 526, 252, 30, 32), line('g', 597, 276, 35, 33)]), []);
  assert.deepEqual(loneGroups([line('a', 200, 250, 30, 40), line('b', 266, 250, 30, 40), line('7', 332, 250, 30, 40)]), []);
  assert.deepEqual(loneGroups([line('1', 200, 250, 30, 40), line('2', 266, 250, 30, 40), line('3', 366, 250, 30, 40)]), []);
  // Off the line, or far apart, or of another size: not neighbours.
  assert.deepEqual(loneGroups([line('1', 200, 250, 30, 40), line('2', 266, 320, 30, 40), line('3', 332, 250, 30, 40)]), []);
  assert.deepEqual(loneGroups([line('1', 200, 250, 30, 40), line('2', 266, 250, 30, 40), line('3', 332, 250, 10, 12)]), []);
  assert.deepEqual(loneGroups([line('CLASS', 200, 250, 100, 40), line('2', 300, 250, 30, 40), line('3', 366, 250, 30, 40)]), []);
});

test("a unit's box past the row that fits only half the drums' pitch is left out of their group", () => {
  // A shadowed gas row's drums boxed one at a time, 52 to 59 px apart, and its unit's box 81 px past
  // the last: half the pitch fitted all eight boxes (before), and the strip along them slanted.
  const boxes = [[229, 330, 27], [283, 332, 31], [342, 331, 23], [396, 333, 35], [454, 332, 34], [508, 327, 22], [560, 327, 36]].map(([x, y, h], i) => line('4486049'[i], x, y, 0.8 * h, h));
  const groups = loneGroups([...boxes, line('M', 641, 338, 40, 41)]);
  assert.equal(groups.length, 1);
  assert.deepEqual(groups[0].drums.map((d) => Math.round(d.x)), [229, 283, 342, 396, 454, 508, 560]);
  assert.ok(Math.abs(groups[0].pitch - 55.2) < 0.5, `pitch ${groups[0].pitch}`);
  // A letter past the drums a whole pitch on stays in the group: it may be a rolling drum's half numeral.
  const rolling = loneGroups([...boxes, line('g', 615, 338, 30, 30)]);
  assert.equal(rolling[0].drums.length, 8);
});

// A rendered gas register, serif numerals in light windows 56 px apart (centres 172 ... 564): the
// detector boxed its first two drums, two 9s read as letters, a sliver, the rolling last drum (`4`,
// low and short) and the unit `m3` past the row, which no pitch fits along with the drums.
const gasRow = [
  line('0', 177, 332, 42, 41),
  line('8', 227, 331, 36, 38),
  line('O', 395, 328, 25, 25),
  line('g', 452, 331, 22, 22),
  line('C', 506, 333, 14, 11),
  line('4', 563, 339, 26, 29),
  line('m3', 662, 336, 75, 41),
];

test("the drums before a unit's characters that spoil the pitch are a group of their own", () => {
  const groups = loneGroups(gasRow);
  assert.ok(groups.length >= 1);
  assert.equal(Math.round(groups[0].drums[0].x), 177, 'the group starts at the first drum');
  assert.ok(groups[0].drums.some((d) => Math.round(d.x) === 563), 'and takes in the last');
});

test("the joined strip runs through the whole numerals' boxes, not a rolling drum's shorter one", () => {
  const [g] = loneGroups(gasRow);
  const r = joinedRect(g, img, 1);
  assert.ok(r !== null);
  const yAt = (rect: RotatedRect, x: number) => rect.cy + Math.tan(rect.angle) * (x - rect.cx);
  assert.ok(Math.abs(yAt(r, 564) - 332) < 2, `on the row at the last drum: ${yAt(r, 564)}`);
});

// A rendered gas register in a shadow, light drums 55 px apart (centres 175 ... 560): the detector
// boxed its first drum, two `2`s, and its last two drums as one `58` box as high as the windows and
// slanted by the rolling last drum's half numerals (as the first pass gave them).
const shadowedGas = [
  line('9', 175, 330.5, 27.6, 34.4),
  line('2', 392.7, 332, 38.1, 33.8),
  line('2', 454, 332, 51.9, 39.6),
  line('58', 522.6, 330.1, 135.1, 74, 0.043),
];

test('a box of two characters as high as the windows is no numeral\'s: the strip runs through the one-digit boxes, as high as their numerals', () => {
  const [g] = loneGroups(shadowedGas);
  assert.ok(g !== undefined);
  const r = joinedRect(g, img, 1);
  assert.ok(r !== null);
  const yAt = (rect: RotatedRect, x: number) => rect.cy + Math.tan(rect.angle) * (x - rect.cx);
  for (const x of [175, 453, 560]) assert.ok(Math.abs(yAt(r, x) - 331) < 2.5, `on the row at ${x}: ${yAt(r, x)}`);
  assert.ok(r.height < 1.5 * 40, `as high as a numeral's box allows: ${r.height}`);
  // A unit's box is no rolling drum's: a gas row's `9`s boxed short (26 and 32 px of 45), its `m3` 42 px
  // high, which says more of the numerals' height.
  const [unit] = loneGroups([line('g', 451.5, 329.5, 24.2, 26.2), line('9', 506.3, 330.5, 27.1, 31.8), line('m3', 662.2, 335.4, 73, 42.4, -0.137)]);
  assert.ok(unit !== undefined);
  const strip = joinedRect(unit, img, 1);
  assert.ok(strip !== null && strip.height > 1.5 * 42, `as high as the unit's box says: ${strip?.height}`);
  // Nor a box of two digits where the lone numerals' boxes disagree on their height (pieces of numerals,
  // boxed short): a tilted gas row's `45` is as high as its numerals.
  const [short] = loneGroups([line('45', 244.7, 357, 93.5, 47.4, 0.075), line('49', 357.4, 356.7, 91, 30.4, 0.06), line('9', 434.9, 366.1, 30.1, 24.2), line('5', 321, 388.8, 17.5, 12.6), line('9', 603.4, 392.4, 25.3, 24.6)]);
  assert.ok(short !== undefined);
  const tall = joinedRect(short, img, 1);
  assert.ok(tall !== null && tall.height > 1.5 * 47, `as high as the two digits' box: ${tall?.height}`);
});

test('a rolling drum boxed whole but off the row\'s line leaves it: the line most digit boxes lie on', () => {
  // A sideways water face turned back, `5 0 0 4 4 9 9 8.3`: its first four drums boxed as one line, its
  // second `4` (boxed short), both `9`s and the rolling `8`, 17 px above the row, each alone.
  const boxes = [line('5004', 274, 275, 280, 71), line('4', 431.9, 276.4, 54, 34.3), line('9', 510.3, 275.4, 44.2, 46.9), line('9', 579, 274.3, 42.7, 46.4), line('8', 649.9, 258, 47.8, 50.6)];
  const [g] = loneGroups(boxes);
  assert.ok(g !== undefined);
  const r = joinedRect(g, img, 1);
  assert.ok(r !== null);
  const yAt = (rect: RotatedRect, x: number) => rect.cy + Math.tan(rect.angle) * (x - rect.cx);
  // Through the row's first drum, left of the boxes: the strip must hold it.
  assert.ok(Math.abs(yAt(r, 164) - 276) < 4, `on the row at its first drum: ${yAt(r, 164)}`);
});

test('the common pitch makes every gap a whole number of pitches', () => {
  const p = commonPitch([65, 134, 59, 62, 75], [30, 150]);
  assert.ok(p !== null && Math.abs(p - 65.8) < 0.1, `pitch ${p}`);
  assert.equal(commonPitch([66, 100], [40, 150]), null);
  assert.ok(Math.abs((commonPitch([66, 100], [30, 150]) ?? 0) - 33.2) < 0.1, 'half of it fits both');
  // A gap alone may be one, two or three pitches: the largest within the range allowed.
  assert.equal(commonPitch([198], [30, 150]), 99);
  assert.equal(commonPitch([198], [30, 90]), 66);
  // Four drums left unboxed between two pairs, each box centre a little off its drum's: the pitch
  // comes from the long gap split in four, which no short gap gives.
  const far = commonPitch([58, 264, 71], [28, 93]);
  assert.ok(far !== null && Math.abs(far - 65.5) < 0.1, `pitch ${far}`);
});

test('the joined strip runs through the boxes read as digits, not a rolling drum\'s half numeral above them', () => {
  // A 6+1 register's first two drums boxed as digits, its sixth as a letter, and the top half of its
  // rolling red drum, 25 px above the row.
  const drums = [
    { x: 204, y: 256, h: 37, angle: 0, digit: true },
    { x: 262, y: 255, h: 38, angle: 0, digit: true },
    { x: 526, y: 250, h: 31, angle: 0, digit: false },
    { x: 597, y: 230, h: 28, angle: 0, digit: false },
  ];
  const r = joinedRect({ drums, pitch: 65.5 }, img, 1);
  assert.ok(r !== null);
  const yAt = (rect: RotatedRect, x: number) => rect.cy + Math.tan(rect.angle) * (x - rect.cx);
  assert.ok(Math.abs(yAt(r, 595) - 255) < 6, `on the row at the red drum: ${yAt(r, 595)}`);
  // Without two digit boxes, all of them place the line: 13 px or more above the row there.
  const letters = joinedRect({ drums: drums.map((d) => ({ ...d, digit: false })), pitch: 65.5 }, img, 1);
  assert.ok(letters !== null && yAt(letters, 595) < 242);
});

test('the joined strip reaches 8 pitches before the first drum and the given pitches past the last, within the image', () => {
  const g = { drums: [300, 366, 432].map((x) => ({ x, y: 250, h: 40, angle: 0, digit: true })), pitch: 66 };
  const r = joinedRect(g, { width: 2000, height: 640 }, 1);
  assert.ok(r !== null);
  assert.ok(Math.abs(r.cx - r.width / 2 - (300 - 8.5 * 66)) < 1e-6 || r.cx - r.width / 2 === 0);
  const wide = joinedRect({ ...g, drums: g.drums.map((d) => ({ ...d, x: d.x + 600 })) }, { width: 2000, height: 640 }, 3);
  assert.ok(wide !== null && Math.abs(wide.cx - wide.width / 2 - (900 - 8.5 * 66)) < 1e-6);
  assert.ok(Math.abs(wide.cx + wide.width / 2 - (1032 + 3.5 * 66)) < 1e-6);
  assert.ok(Math.abs(wide.height - 60) < 1e-9);
  // Clipped at x = 0, and a steep run is no drum row.
  assert.ok(Math.abs(r.cx - r.width / 2) < 1e-6);
  assert.equal(joinedRect({ ...g, drums: g.drums.map((d, i) => ({ ...d, y: 250 + 40 * i })) }, img, 1), null);
});

test('joinedRows reads each group over its three strips, as OCR lines', async () => {
  const seen: RotatedRect[] = [];
  const recognize = async (rects: RotatedRect[]) => {
    seen.push(...rects);
    return rects.map(() => ({ text: '9999374', score: 0.9, charScores: Array(7).fill(0.9), charSteps: [0, 1, 2, 3, 4, 5, 6], steps: 7, cropWidth: 7, inputWidth: 7 }));
  };
  const rows = await joinedRows(img, rolling, recognize);
  // Reaching 1, 3 and 6 pitches past the last drum: the group may be the row's first drums.
  assert.equal(seen.length, 3);
  assert.deepEqual(rows.map((r) => r.text), ['9999374', '9999374', '9999374']);
  assert.ok(seen[0].width < seen[1].width && seen[1].width < seen[2].width);
  assert.deepEqual(await joinedRows(img, rolling.slice(6), async () => assert.fail('nothing to read')), []);
});
