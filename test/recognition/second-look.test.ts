import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wheelsAt } from './fixtures.js';
import { contradictsFirstPass, cutByCrop, isSerialRow, secondLookRegion, unsureLead } from '../../src/recognition/second-look.js';
import { cropRgb, type RgbImage } from '../../src/recognition/preprocess.js';
import { readCounter, type CounterReading } from '../../src/recognition/counter/reader.js';
import type { DigitCell } from '../../src/recognition/counter/window.js';

test('cropRgb copies the clipped part of an image pixel for pixel', () => {
  const img: RgbImage = { data: new Uint8Array(10 * 8 * 3), width: 10, height: 8 };
  for (let i = 0; i < img.data.length; i++) img.data[i] = i % 251;
  const c = cropRgb(img, 7, -2, 20, 3);
  assert.equal(c.width, 3);
  assert.equal(c.height, 3);
  for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) for (let k = 0; k < 3; k++) assert.equal(c.data[(y * 3 + x) * 3 + k], img.data[(y * 10 + 7 + x) * 3 + k]);
});

test('the second look covers the counter row with margins along and across it, else the text', () => {
  const size = { width: 2000, height: 1500 };
  const img: RgbImage = { data: new Uint8Array(2000 * 1500 * 3).fill(120), width: 2000, height: 1500 };
  const cells: DigitCell[] = [...'12345'].map((d, i) => ({ digit: Number(d), score: 0.9, x: 800 + 40 * i, y: 700, u: 800 + 40 * i, line: 0, followedBySeparator: false }));
  const counter = readCounter(img, { cells, axis: [1, 0], height: 50, pitch: 40, lineIndexes: [0], score: 1 });
  assert.ok(counter);
  const r = secondLookRegion(size, counter, []);
  // 4 pitches beyond the end cells, 3 row heights above and below.
  assert.deepEqual(r, { x0: 640, y0: 550, x1: 1120, y1: 850 });
  // Near the border the region is clipped to the photo.
  const edge = secondLookRegion(size, { ...counter, cells: counter.cells.map((c) => ({ ...c, x: c.x - 780, y: c.y - 680 })) }, []);
  assert.equal(edge.x0, 0);
  assert.equal(edge.y0, 0);
  const box = (x: number, y: number): [number, number][] => [[x, y], [x + 100, y], [x + 100, y + 20], [x, y + 20]];
  const text = secondLookRegion(size, null, [{ text: 'm3', score: 0.9, box: box(500, 400) }, { text: '123', score: 0.9, box: box(1400, 980) }]);
  assert.deepEqual(text, { x0: 350, y0: 310, x1: 1650, y1: 1090 });
  assert.deepEqual(secondLookRegion(size, null, []), { x0: 0, y0: 0, x1: 2000, y1: 1500 });
});

test('a multiplier-mark line takes the second look beside it; a serial read as the row is not a counter', () => {
  const box = (x: number, y: number, w: number, h: number): [number, number][] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
  const lines = [{ text: '100001000100', score: 0.99, box: box(400, 600, 150, 20) }, { text: 'kWh', score: 0.9, box: box(100, 100, 50, 20) }];
  // 3 marks over 150 px: 4 mark pitches (200 px) beyond each end, 6 line heights across.
  assert.deepEqual(secondLookRegion({ width: 2000, height: 1500 }, null, lines), { x0: 200, y0: 480, x1: 750, y1: 740 });
  const img: RgbImage = { data: new Uint8Array(300 * 100 * 3), width: 300, height: 100 };
  const cells: DigitCell[] = [...'22170246'].map((d, i) => ({ digit: Number(d), score: 0.9, x: 30 + 30 * i, y: 50, u: 30 + 30 * i, line: 0, followedBySeparator: false }));
  const row = readCounter(img, { cells, axis: [1, 0], height: 30, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(row);
  assert.equal(isSerialRow(row, 'No 22170246'), true);
  assert.equal(isSerialRow(row, '2337550'), false);
  assert.equal(isSerialRow(row, ''), false);
  // Six or more of the serial's digits in a row: the serial, its first digit left out as a frame edge.
  assert.equal(isSerialRow(row, '1-22170246'), true);
  assert.equal(isSerialRow(row, '221702469'), true);
  const part = readCounter(img, { cells: cells.slice(0, 5), axis: [1, 0], height: 30, pitch: 30, lineIndexes: [0], score: 1 });
  assert.ok(part);
  assert.equal(isSerialRow(part, 'No 22170246'), false);
});

test('a second look contradicts the first pass where it reads another digit at the place of one the first pass was sure of', () => {
  const row = (digits: string, x0: number, scores: number[] = [...digits].map(() => 0.95)) =>
    ({ pitch: 40, cells: [...digits].map((d, i) => ({ digit: Number(d), score: scores[i], x: x0 + 40 * i, y: 100, u: x0 + 40 * i, line: 0, followedBySeparator: false })) }) as unknown as CounterReading;
  const first = { counter: row('7835550', 200), wheels: null };
  assert.equal(contradictsFirstPass(first, row('7835550', 203)), false);
  assert.equal(contradictsFirstPass(first, row('1835550', 203)), true);
  // A crop's counter, placed by the crop's origin.
  assert.equal(contradictsFirstPass(first, row('1835550', 103), { x: 100, y: 0 }), true);
  assert.equal(contradictsFirstPass(first, row('1835550', 203), { x: 100, y: 0 }), false);
  // The CNN saw the 7 too: sure; it saw a 1: the first pass's doubt, which the second look may settle.
  assert.equal(contradictsFirstPass({ ...first, wheels: { digits: [7, 8, 3, 5, 5, 5, 0] } }, row('1835550', 203)), true);
  assert.equal(contradictsFirstPass({ ...first, wheels: { digits: [1, 8, 3, 5, 5, 5, 0] } }, row('1835550', 203)), false);
  // A first-pass digit the OCR was unsure of may be corrected; digits elsewhere say nothing.
  assert.equal(contradictsFirstPass({ counter: row('7835550', 200, [0.5, 1, 1, 1, 1, 1, 1]), wheels: null }, row('1835550', 203)), false);
  assert.equal(contradictsFirstPass(first, row('183', 500)), false);
  assert.equal(contradictsFirstPass({ counter: null, wheels: null }, row('1835550', 203)), false);
});

test('where the CNN read a digit firmly that the OCR was unsure of, a later look may read either, not a third', () => {
  const row = (digits: string, scores: number[] = [...digits].map(() => 0.95)) =>
    ({ pitch: 40, cells: [...digits].map((d, i) => ({ digit: Number(d), score: scores[i], x: 200 + 40 * i, y: 100, u: 200 + 40 * i, line: 0, followedBySeparator: false })) }) as unknown as CounterReading;
  // A shadowed LCD's 7: the OCR read a 1 at 0.71, the CNN a firm 7.
  const first = { counter: row('126070', [0.71, 1, 1, 1, 0.9, 0.99]), wheels: wheelsAt([7, 2, 6, 0, 7, 0]) };
  assert.equal(contradictsFirstPass(first, row('326070')), true);
  assert.equal(contradictsFirstPass(first, row('726070')), false);
  assert.equal(contradictsFirstPass(first, row('126070')), false);
  // A wheel the CNN sees between two digits binds nothing.
  assert.equal(contradictsFirstPass({ ...first, wheels: wheelsAt([7.8, 2, 6, 0, 7, 0]) }, row('326070')), false);
  // Without the CNN's probabilities, an unsure digit binds nothing either.
  assert.equal(contradictsFirstPass({ ...first, wheels: { digits: [7, 2, 6, 0, 7, 0] } }, row('326070')), false);
  // A sure OCR digit the CNN firmly reads otherwise: either may stand, a third may not.
  const torn = { counter: row('126070'), wheels: wheelsAt([7, 2, 6, 0, 7, 0]) };
  assert.equal(contradictsFirstPass(torn, row('326070')), true);
  assert.equal(contradictsFirstPass(torn, row('726070')), false);
});

test('a second look stands for a plain row with a digit’s ink past its end only when it reads more digits than that row, unless that row is the serial', async () => {
  const { secondLookStands } = await import('../../src/recognition/passes/found.js');
  const signs = { unreadPoint: false, pointAfter: null, inkPastEnd: true, faintCell: false, ghostLead: 0, barsAmiss: false, sparseEight: false };
  const row = (digits: string, plainSigns?: typeof signs) =>
    ({
      digits,
      decimals: 0,
      decimalSource: 'none',
      regular: true,
      redBeyond: false,
      pitch: 40,
      cells: [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: 200 + 40 * (i - digits.length), y: 100, u: 0, line: 0, followedBySeparator: false })),
      plainSigns,
    }) as unknown as CounterReading;
  const first = { counter: row('18097', signs), wheels: null };
  assert.equal(secondLookStands(first, { reading: 180.97, counter: row('18097'), wheels: null }), false);
  // A re-read strip's reading, without its row: its digits count.
  assert.equal(secondLookStands(first, { reading: 180.97, counter: null, wheels: null }), false);
  assert.equal(secondLookStands(first, { reading: 2180.97, counter: null, wheels: null }), true);
  assert.equal(secondLookStands(first, { reading: 2180.97, counter: row('218097'), wheels: null }), true);
  assert.equal(secondLookStands({ counter: row('18097', { ...signs, inkPastEnd: false }), wheels: null }, { reading: 180.97, counter: row('18097'), wheels: null }), true);
  // So for a digit the OCR read on the row's line past its end, off its pitch, which the row left out: a
  // blurred LCD's `108.21`, its last `1` a pitch and a half on, then read `108.2` by a finer look.
  const dropped = { counter: { ...row('1082', { ...signs, inkPastEnd: false }), decimals: 1, decimalSource: 'point', offPitchPast: 1 } as CounterReading, wheels: null };
  assert.equal(secondLookStands(dropped, { reading: 108.2, counter: null, wheels: null }), false);
  assert.equal(secondLookStands(dropped, { reading: 108.21, counter: null, wheels: null }), true);
  // An irregular row's cells say nothing of its digits: a nameplate's `6328666 - 2004` taken for the row.
  assert.equal(secondLookStands({ ...dropped, counter: { ...dropped.counter, regular: false } }, { reading: 108.2, counter: null, wheels: null }), true);
  // Not where the row is no display's (drums): a frame's edge read as a `1` past a drum row is common.
  assert.equal(secondLookStands({ ...dropped, counter: { ...dropped.counter, plainSigns: undefined } }, { reading: 108.2, counter: null, wheels: null }), true);
  // Another digit where the first pass was sure of its own: only a drum row, checked by the CNN, stands.
  const sure = { counter: row('73140'), wheels: null };
  assert.equal(secondLookStands(sure, { reading: 73149, counter: row('73149'), wheels: null }), false);
  assert.equal(secondLookStands(sure, { reading: 7314.9, counter: { ...row('73149'), decimalSource: 'colour' as const, decimals: 1 }, wheels: null }), true);
  // The nameplate serial taken for the first row (`12-345678`, its hyphen ink before the end): it
  // bounds neither how many digits the counter has nor which digits lie where.
  const serialRow = { counter: row('12345678', signs), wheels: null };
  const drums = { reading: 72711.168, counter: { ...row('72711168'), decimalSource: 'colour' as const, decimals: 3 }, wheels: null };
  assert.equal(secondLookStands(serialRow, drums), false);
  assert.equal(secondLookStands(serialRow, drums, '12-345678'), true);
  assert.equal(secondLookStands(serialRow, { reading: 72711, counter: row('72711'), wheels: null }, '12-345678'), true);
  // Another serial: the first row stays a counter row, and bounds the second look as before.
  assert.equal(secondLookStands(serialRow, drums, '98-765432'), false);
  assert.equal(secondLookStands(sure, { reading: 73149, counter: row('73149'), wheels: null }, '73140'), true);
  assert.equal(secondLookStands(sure, { reading: 73149, counter: row('73149'), wheels: null }, '1234567'), false);
  // A serial row that looks like a plain row stopping before red drums sets no floor either: under
  // `--degrade dark`, `21533308` (serial `12-1533308`) refused an Itelma's 488.717.
  const redBefore = { counter: { ...row('21533308'), redBeyond: true }, wheels: null };
  const water = { reading: 488.717, counter: { ...row('00488717'), decimalSource: 'colour' as const, decimals: 3 }, wheels: null };
  assert.equal(secondLookStands(redBefore, water), false);
  assert.equal(secondLookStands(redBefore, water, '12-1533308'), true);
});

test('a second look may not leave out red drums the first pass read, surely, barely or by the CNN alone; one the CNN cannot read it may', async () => {
  const { secondLookStands } = await import('../../src/recognition/passes/found.js');
  const row = (digits: string, decimals: number, score = 0.99) =>
    ({
      digits,
      decimals,
      decimalSource: 'colour',
      regular: true,
      redBeyond: false,
      pitch: 40,
      cells: [...digits].map((d, i) => ({ digit: Number(d), score, x: 40 * i, y: 100, u: 40 * i, line: 0, followedBySeparator: false })),
    }) as unknown as CounterReading;
  const at = (digits: string, last?: number) => wheelsAt([...digits].map((d, i) => (i === digits.length - 1 && last !== undefined ? last : Number(d))));
  // A slanted gas meter: `0247848` withheld for the CNN's doubt on its last red drum, then a strip
  // re-read gave `2478.4`.
  const first = { counter: row('0247848', 2), wheels: at('0247848') };
  assert.equal(secondLookStands(first, { reading: 2478.4, counter: null, wheels: null }), false);
  assert.equal(secondLookStands(first, { reading: 2478.4, counter: row('024784', 1), wheels: null }), false);
  assert.equal(secondLookStands(first, { reading: 2478.48, counter: row('0247848', 2), wheels: null }), true);
  assert.equal(secondLookStands(first, { reading: 2478.482, counter: null, wheels: null }), true);
  // Nor a drum the OCR read unsurely, or not at all, that the CNN reads (a rolling last drum read at
  // 0.23 by the OCR and as a `1` by the CNN). An irregular row's cells count no drums (a small photo's
  // gas row read `024783488`, one drum read twice).
  const barely = row('6244995', 3);
  barely.cells[6] = { ...barely.cells[6], score: 0.23 };
  assert.equal(secondLookStands({ counter: barely, wheels: at('6244995', 1) }, { reading: 62449.99, counter: null, wheels: null, decimals: 2 }), false);
  assert.equal(secondLookStands({ counter: { ...barely, regular: false }, wheels: at('6244995', 1) }, { reading: 62449.99, counter: null, wheels: null, decimals: 2 }), true);
  const unread = row('0247840', 2);
  unread.cells[6] = { ...unread.cells[6], score: 0, unread: true };
  assert.equal(secondLookStands({ counter: unread, wheels: at('0247848') }, { reading: 2478.4, counter: null, wheels: null }), false);
  // A drum the CNN cannot read either (mid-roll: `02478.48` turned 180°, its third drum read as a `4` at
  // 0.39 and seen at 2.6) is too rolled to read, and a look may leave it out, as its label does.
  const rolled = row('02478484', 3);
  rolled.cells[7] = { ...rolled.cells[7], score: 0.39 };
  assert.equal(secondLookStands({ counter: rolled, wheels: at('02478484', 2.6) }, { reading: 2478.48, counter: null, wheels: null, decimals: 2 }), true);
  assert.equal(secondLookStands({ counter: unread, wheels: at('0247848', 7.6) }, { reading: 2478.4, counter: null, wheels: null }), true);
  // ... but not the drums before it that both readers read (a tilted SACOFGAS's `02204730`, its last
  // drum rolling at 8.6: a coarser look's `2204.7` lost its `3`).
  const tilted = { counter: row('02204730', 3), wheels: at('02204730', 8.6) };
  assert.equal(secondLookStands(tilted, { reading: 2204.7, counter: row('022047', 1), wheels: null }), false);
  assert.equal(secondLookStands(tilted, { reading: 2204.73, counter: row('0220473', 2), wheels: null }), true);
  // Without the CNN's wheels, only a drum the OCR read surely counts.
  assert.equal(secondLookStands({ counter: row('0247848', 2), wheels: null }, { reading: 2478.4, counter: null, wheels: null }), false);
  assert.equal(secondLookStands({ counter: row('0247848', 2, 0.6), wheels: null }, { reading: 2478.4, counter: null, wheels: null }), true);
  assert.equal(secondLookStands({ counter: unread, wheels: null }, { reading: 2478.4, counter: null, wheels: null }), true);
  // A 0 a strip's reading cannot show may be left out; strips that say they read the drum stand, or did not.
  assert.equal(secondLookStands({ counter: row('0247840', 2), wheels: at('0247840') }, { reading: 2478.4, counter: null, wheels: null }), true);
  assert.equal(secondLookStands({ counter: row('0247840', 2), wheels: at('0247840') }, { reading: 2478.4, counter: null, wheels: null, decimals: 1 }), false);
  assert.equal(secondLookStands({ counter: row('0247840', 2), wheels: at('0247840') }, { reading: 2478.4, counter: row('024784', 1), wheels: null }), false);
  const six = row('02478486', 3);
  assert.equal(secondLookStands({ counter: six, wheels: at('02478486') }, { reading: 2478.48, counter: null, wheels: null }), false);
  assert.equal(secondLookStands({ counter: row('02478480', 3), wheels: at('02478480') }, { reading: 2478.48, counter: null, wheels: null, decimals: 3 }), true);
  // The same digits with the point elsewhere: a black drum the first pass took for red, no drum lost.
  const dark = { counter: row('0134944', 2), wheels: at('0134944') };
  assert.equal(secondLookStands(dark, { reading: 13494.4, counter: row('0134944', 1), wheels: null }), true);
  assert.equal(secondLookStands(dark, { reading: 13494.4, counter: null, wheels: null, decimals: 1 }), true);
  assert.equal(secondLookStands(dark, { reading: 1349.4, counter: null, wheels: null, decimals: 1 }), false);
});

test('a row read in a crop is cut by it when a crop edge inside the photo lies within 1.5 pitches of either end', () => {
  const size = { width: 2000, height: 1500 };
  const row = (x0: number) => ({ cells: [0, 1, 2, 3].map((i) => ({ digit: i, score: 0.9, x: x0 + 40 * i, y: 100, u: x0 + 40 * i, line: 0, followedBySeparator: false })), axis: [1, 0] as [number, number], pitch: 40 });
  const region = { x0: 500, y0: 600, x1: 900, y1: 800 };
  assert.equal(cutByCrop(row(70), region, size), false);
  // Its first cell 50 px (1.25 pitches) from the crop's left edge: a drum before it may lie outside.
  assert.equal(cutByCrop(row(50), region, size), true);
  // ... unless that edge is the photo's own.
  assert.equal(cutByCrop(row(50), { ...region, x0: 0 }, size), false);
  // The last cell near the right edge (crop 400 wide): a red drum past it may lie outside.
  assert.equal(cutByCrop(row(240), region, size), true);
  assert.equal(cutByCrop(row(240), { ...region, x1: 2000 }, { width: 2000, height: 1500 }), false);
});

test('a later look\'s row may not begin with a digit other than 0 the OCR is unsure of', () => {
  const row = (digit: number, score: number) => ({ cells: [{ digit, score, x: 0, y: 0, u: 0, line: 0, followedBySeparator: false }, { digit: 3, score: 1, x: 40, y: 0, u: 40, line: 0, followedBySeparator: false }] });
  // A carrier's edge or a frame read as a `1` on the row's pitch.
  assert.equal(unsureLead(row(1, 0.87)), true);
  assert.equal(unsureLead(row(1, 0.95)), false);
  // A leading 0 changes no value, however unsure.
  assert.equal(unsureLead(row(0, 0.3)), false);
  assert.equal(unsureLead({ cells: [] }), false);
});

test('a second look whose row begins with an unsure digit other than 0 does not stand', async () => {
  const { secondLookStands } = await import('../../src/recognition/passes/found.js');
  const drums = (digits: string, leadScore: number) =>
    ({
      digits,
      decimals: 3,
      decimalSource: 'colour',
      regular: true,
      redBeyond: false,
      pitch: 40,
      cells: [...digits].map((d, i) => ({ digit: Number(d), score: i === 0 ? leadScore : 0.99, x: 40 * i, y: 100, u: 0, line: 0, followedBySeparator: false })),
    }) as unknown as CounterReading;
  const first = { counter: null, wheels: null };
  // A gas row's first 0, half hidden by the black band's edge, read as a `1` at 0.76.
  assert.equal(secondLookStands(first, { reading: 13279.892, counter: drums('13279892', 0.76), wheels: null }), false);
  assert.equal(secondLookStands(first, { reading: 13279.892, counter: drums('13279892', 0.97), wheels: null }), true);
  assert.equal(secondLookStands(first, { reading: 3279.892, counter: drums('03279892', 0.5), wheels: null }), true);
});
