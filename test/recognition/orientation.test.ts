import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRecognizer } from '../../src/recognition/pipeline.js';
import { medianTextScore, readsWorse, textSlant, verticalTextShare } from '../../src/recognition/orientation.js';
import { decodeImage, renderSvg, rotateBy } from '../../src/recognition/preprocess.js';
import { OcrEngine } from '../../src/recognition/ocr/engine.js';
import type { RotatedRect } from '../../src/recognition/ocr/geometry.js';
import { lcdMeterSvg, waterMeterPng } from './fixtures.js';

const modelsDir = fileURLToPath(new URL('../../../models/', import.meta.url));
const recognizerP = createRecognizer({ modelsDir, threads: 1, maxPixels: 40_000_000 });

test('vertical text share weighs elongated boxes by area, whichever side the angle is given for', () => {
  const wide = { cx: 0, cy: 0, width: 100, height: 20, angle: 0 };
  const tallByHeight = { cx: 0, cy: 0, width: 20, height: 100, angle: 0 };
  const tallByAngle = { cx: 0, cy: 0, width: 100, height: 20, angle: Math.PI / 2 };
  const square = { cx: 0, cy: 0, width: 50, height: 50, angle: 0 };
  assert.equal(verticalTextShare([wide, square]), 0);
  assert.equal(verticalTextShare([tallByHeight, tallByAngle, square]), 1);
  assert.equal(verticalTextShare([wide, tallByHeight]), 0.5);
  assert.equal(verticalTextShare([]), 0);
});

test('median text score counts lines of 3 characters or more', () => {
  const line = (text: string, score: number) => ({ text, score, box: [] as [number, number][] });
  assert.equal(medianTextScore([line('12', 0.1), line('abc', 0.9), line('abcd', 0.5), line('xyz', 0.7)]), 0.7);
  assert.equal(medianTextScore([line('1', 0.2)]), 0);
});

test('a turned pass reads worse only when its median text score falls clearly below the unturned one', () => {
  const lines = (...scores: number[]) => ({ lines: scores.map((score) => ({ text: 'abcd', score, box: [] as [number, number][] })) });
  // A slanted LCD photo: its text read upright at 0.88, upside down at 0.48 (its `1955` read `5561`).
  assert.equal(readsWorse(lines(0.45, 0.48, 0.6), lines(0.8, 0.88, 0.9)), true);
  // PAFAL's upside-down text reads about as well as upright: the right turn may read a little lower.
  assert.equal(readsWorse(lines(0.94, 0.945, 0.95), lines(0.96, 0.966, 0.97)), false);
  assert.equal(readsWorse(lines(0.9), lines()), false);
});

test('a turned pass that loses most of the words read upright reads worse, whatever its median score', () => {
  const line = (text: string, score: number) => ({ text, score, box: [] as [number, number][] });
  const upright = { lines: [line('TOKHEIM', 0.99), line('75020', 0.91), line('PRICE PER LITRE 1.859', 0.98), line('TOTAL SALE', 1)] };
  // Upside down: the seven-segment digits read as digits, the words not at all.
  assert.equal(readsWorse({ lines: [line('E', 0.26), line('02051', 1), line('+ d4', 0.52)] }, upright), true);
  // Half the letters or more kept, or too few words upright to judge by: the median rule alone.
  assert.equal(readsWorse({ lines: [line('TOKHEIM', 0.95), line('TOTAL SALE', 0.97), line('75020', 0.9)] }, upright), false);
  assert.equal(readsWorse({ lines: [line('02051', 1)] }, { lines: [line('kWh', 0.99), line('75020', 0.95)] }), false);
  // Letters read below 0.8 are no words.
  assert.equal(readsWorse({ lines: [line('02051', 0.95)] }, { lines: [line('TOKHEIMPUMP', 0.75), line('75020', 0.95)] }), false);
  // Russian words come as Latin look-alikes read at 0.8-0.9: a small multimeter read upright, its
  // display's `2.27` read upside down as `022888` with a better median score.
  const multimeter = { lines: [line('UNI-T', 1), line('8.8.82.20', 0.86), line('UT33D+', 1), line('CAT1II600V10AMAX', 0.88), line('MYnbTNMETP', 0.8)] };
  assert.equal(readsWorse({ lines: [line('A', 0.33), line('022888', 0.92), line('L-INN', 0.78)] }, multimeter), true);
});

test('a look-alike display with words read upright is not turned upside down into a meter', async () => {
  const r = await recognizerP;
  // A fuel pump: no meter words, so the upright pass finds no meter; upside down, its seven-segment
  // `7502.0` read `02051`, a plain register (before).
  const words = { brand: 'TOKHEIM', unit: 'L', ratings: 'PRICE PER LITRE 1.859', title: 'TOTAL SALE' };
  const detail = await r.inspect(await renderSvg(lcdMeterSvg(' 7502.0', '4', { ghost: 0.03, words }).replace('No 4', 'PUMP 4')));
  assert.equal(detail.turned, 0);
  assert.equal(detail.outcome.kind, 'no_meter');
});

for (const degrees of [90, 180, 270]) {
  test(`a photo turned ${degrees} degrees in its pixels (no EXIF) is read like the upright one`, async () => {
    const r = await recognizerP;
    const upright = await waterMeterPng('00127546', '12-345678');
    const turned = await sharp(upright).rotate(degrees).png().toBuffer();
    const detail = await r.inspect(turned);
    // sharp turns clockwise; the pipeline reports the counter-clockwise turn that undid it.
    assert.equal(detail.turned, degrees);
    assert.equal(detail.counter?.digits, '00127546');
    assert.equal(detail.outcome.kind, 'meter');
    if (detail.outcome.kind === 'meter') assert.ok([null, 127.546].includes(detail.outcome.meter.currentReading), `reading ${detail.outcome.meter.currentReading}`);
  });
}

test('an upright photo is not turned', async () => {
  const r = await recognizerP;
  const detail = await r.inspect(await waterMeterPng('00127546', '12-345678'));
  assert.equal(detail.turned, 0);
});

test('sideways probes turn the largest vertical boxes into rectangles read downwards and upwards', async () => {
  const { sidewaysProbes } = await import('../../src/recognition/orientation.js');
  const tall = { cx: 10, cy: 20, width: 20, height: 100, angle: 0 };
  const wide = { cx: 0, cy: 0, width: 300, height: 30, angle: 0 };
  const { down, up } = sidewaysProbes([wide, tall]);
  assert.equal(down.length, 1);
  assert.equal(down[0].width, 100);
  assert.equal(down[0].height, 20);
  assert.ok(Math.sin(down[0].angle) > 0.99, 'down reads towards +y');
  assert.ok(Math.sin(up[0].angle) < -0.99, 'up reads towards -y');
});

test('text slant: the area-weighted median direction of the near-horizontal lines, where most of them agree', () => {
  const deg = (d: number) => (d * Math.PI) / 180;
  const box = (angle: number, width = 200, height = 30): RotatedRect => ({ cx: 0, cy: 0, width, height, angle });
  assert.ok(Math.abs(textSlant([box(deg(12)), box(deg(11)), box(deg(13), 100)]) - deg(12)) < 1e-9);
  // A line read the other way (angle + 180) or given by its short side slants alike.
  assert.ok(Math.abs(textSlant([box(deg(-8)), box(deg(172)), box(deg(82), 30, 200)]) - deg(-8)) < 1e-9);
  // Squares and vertical lines say nothing; lines slanting every way (a photo seen from aside) give 0.
  assert.equal(textSlant([box(deg(10), 50, 50), box(deg(80))]), 0);
  assert.equal(textSlant([box(deg(-15)), box(deg(0)), box(deg(15))]), 0);
  assert.equal(textSlant([]), 0);
});

test("a face turned 12 degrees: the detector's lines slant by 12, and none once levelled by it", async () => {
  const engine = await OcrEngine.load(1);
  const turned = await sharp(await waterMeterPng('00127546', '12-345678')).rotate(12, { background: '#808080' }).png().toBuffer();
  const img = await decodeImage(turned, { maxPixels: 1e8, maxSide: 1600 });
  const rects: RotatedRect[] = [];
  await engine.read(img, undefined, rects);
  const slant = textSlant(rects);
  assert.ok(Math.abs((slant * 180) / Math.PI - 12) < 2, `slant ${(slant * 180) / Math.PI}`);
  const levelled: RotatedRect[] = [];
  await engine.read(rotateBy(img, -slant), undefined, levelled);
  assert.ok(Math.abs((textSlant(levelled) * 180) / Math.PI) < 2, `levelled ${(textSlant(levelled) * 180) / Math.PI}`);
});
