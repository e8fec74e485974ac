import { test } from 'node:test';
import assert from 'node:assert/strict';
import { continuedByLonger, mayEndInsideRow, mayStartInsideRow, reachesAfter, widenedRect, widenedRows, widenSeeds } from '../../src/recognition/counter/widen.js';
import type { RotatedRect } from '../../src/recognition/ocr/geometry.js';
import type { RgbImage } from '../../src/recognition/preprocess.js';
import { lineAt } from './fixtures.js';

const img: RgbImage = { data: new Uint8Array(800 * 600 * 3), width: 800, height: 600 };

const line = lineAt;

test('seeds are the tallest short digit lines; words and long numbers are not', () => {
  const lines = [line('892', 400, 100, 90, 40), line('SACOFGAS', 300, 50, 200, 30), line('6328666-2004', 300, 300, 300, 30), line('27', 600, 400, 50, 20), line('G4', 700, 50, 40, 30), line('0.5', 100, 500, 60, 25), line('7', 500, 500, 20, 30)];
  assert.deepEqual(widenSeeds(lines).map((l) => l.text), ['892', '0.5', '27']);
});

test('the strip reaches 8 digit pitches before the line and 4 after, on the line axis', () => {
  // Three digits 30 px apart: pitch 30.
  const r = widenedRect(line('892', 400, 100, 90, 40), img);
  assert.equal(r.angle, 0);
  assert.equal(r.cy, 100);
  assert.ok(Math.abs(r.cx - r.width / 2 - (355 - 240)) < 1e-9);
  assert.ok(Math.abs(r.cx + r.width / 2 - (445 + 120)) < 1e-9);
  assert.ok(Math.abs(r.height - 46) < 1e-9);
});

test('the strip stops at the image edge, and follows a tilted line', () => {
  const r = widenedRect(line('892', 150, 100, 90, 40), img);
  assert.ok(Math.abs(r.cx - r.width / 2) < 1e-9, 'clipped at x = 0');
  const a = Math.PI / 12;
  const t = widenedRect(line('892', 400, 300, 90, 40, a), img);
  assert.equal(t.angle, a);
  // The centre moved back along the tilted axis (more room before than after).
  const along = (t.cx - 400) * Math.cos(a) + (t.cy - 300) * Math.sin(a);
  const across = -(t.cx - 400) * Math.sin(a) + (t.cy - 300) * Math.cos(a);
  assert.ok(Math.abs(along - (120 - 240) / 2) < 1e-6);
  assert.ok(Math.abs(across) < 1e-6);
});

test('a line of one digit takes its pitch from its height', () => {
  const r = widenedRect(line('7', 400, 300, 24, 40), img);
  assert.ok(Math.abs(r.width - (24 + 12 * 24)) < 1e-9);
});

test('widenedRows reads each seed over strips reaching 4, 5 and 6 pitches after it, and a pitch past a 9-drum row starting with it, as OCR lines', async () => {
  const seen: RotatedRect[] = [];
  const recognize = async (rects: RotatedRect[]) => {
    seen.push(...rects);
    return rects.map(() => ({ text: '03279892', score: 0.9, charScores: Array(8).fill(0.9), charSteps: [0, 1, 2, 3, 4, 5, 6, 7], steps: 8, cropWidth: 8, inputWidth: 8 }));
  };
  const rows = await widenedRows(img, [line('892', 400, 100, 90, 40), line('TEXT', 300, 300, 100, 30)], recognize);
  assert.equal(seen.length, 4);
  assert.equal(rows.length, 4);
  assert.equal(rows[0].text, '03279892');
  assert.deepEqual(rows.map((r) => r.rect), seen);
  // Pitch 30: the strips end 120, 150, 180 and 210 px past the line's end (445), the last 7 pitches on (a pitch
  // past a 9-drum row that starts with the line's 3 digits), and all start 240 px before it.
  assert.deepEqual(seen.map((r) => Math.round(r.cx + r.width / 2)), [565, 595, 625, 655]);
  assert.deepEqual(seen.map((r) => Math.round(r.cx - r.width / 2)), [115, 115, 115, 115]);
  // At the image's right edge the reaches clip to one strip, read once.
  seen.length = 0;
  assert.equal((await widenedRows(img, [line('892', 740, 100, 90, 40)], recognize)).length, 1);
  assert.deepEqual(await widenedRows(img, [line('TEXT', 300, 300, 100, 30)], async () => assert.fail('nothing to read')), []);
});

test('reachesAfter: past a seed of a few digits, one strip reaches a pitch past where a row of 9 drums starting with them ends', () => {
  assert.deepEqual(reachesAfter(line('38', 400, 100, 60, 40)), [4, 5, 6, 8]);
  assert.deepEqual(reachesAfter(line('g38', 400, 100, 90, 40)), [4, 5, 6, 8]);
  assert.deepEqual(reachesAfter(line('384', 400, 100, 90, 40)), [4, 5, 6, 7]);
  // Four digits or more: six pitches on already reach that far.
  assert.deepEqual(reachesAfter(line('3849', 400, 100, 120, 40)), [4, 5, 6]);
  assert.deepEqual(reachesAfter(line('384971', 400, 100, 180, 40)), [4, 5, 6]);
});

test('a strip whose first digit lies near its start may have begun inside the row; at an image edge only a leading 0 stands', () => {
  const size = { width: 800, height: 600 };
  const pitch = 30;
  // A strip starting inside the image at x = 100.
  const inside: RotatedRect = { cx: 300, cy: 100, width: 400, height: 40, angle: 0 };
  assert.equal(mayStartInsideRow(inside, size, { x: 120, y: 100, digit: 3 }, pitch), true);
  assert.equal(mayStartInsideRow(inside, size, { x: 120, y: 100, digit: 0 }, pitch), true, 'a 0 may have drums before it');
  assert.equal(mayStartInsideRow(inside, size, { x: 160, y: 100, digit: 3 }, pitch), false, 'two pitches of margin');
  // A strip cut by the image's left edge.
  const cut: RotatedRect = { cx: 200, cy: 100, width: 400, height: 40, angle: 0 };
  assert.equal(mayStartInsideRow(cut, size, { x: 20, y: 100, digit: 1 }, pitch), true);
  assert.equal(mayStartInsideRow(cut, size, { x: 20, y: 100, digit: 0 }, pitch), false);
  assert.equal(mayStartInsideRow(cut, size, { x: 80, y: 100, digit: 1 }, pitch), false);
  // A tilted strip cut by the top edge.
  const down: RotatedRect = { cx: 400, cy: 200, width: 400, height: 40, angle: Math.PI / 2 };
  assert.equal(mayStartInsideRow(down, size, { x: 400, y: 10, digit: 7 }, pitch), true);
  assert.equal(mayStartInsideRow(down, size, { x: 400, y: 10, digit: 0 }, pitch), false);
});

test('a strip whose last digit, read unsurely, lies within a pitch of its end may have ended inside the row, unless the image edge cut it', () => {
  const size = { width: 800, height: 600 };
  const pitch = 30;
  // A strip ending inside the image at x = 500.
  const inside: RotatedRect = { cx: 300, cy: 100, width: 400, height: 40, angle: 0 };
  assert.equal(mayEndInsideRow(inside, size, { x: 485, y: 100, score: 0.4 }, pitch), true, 'a drum or frame cut by the end');
  assert.equal(mayEndInsideRow(inside, size, { x: 472, y: 100, score: 0.4 }, pitch), true);
  assert.equal(mayEndInsideRow(inside, size, { x: 460, y: 100, score: 0.4 }, pitch), false, 'over a pitch of margin');
  assert.equal(mayEndInsideRow(inside, size, { x: 485, y: 100, score: 0.95 }, pitch), false, 'a digit read surely is the row\'s last drum');
  // A strip cut by the image's right edge: the row ends there as far as the photo shows.
  const cut: RotatedRect = { cx: 600, cy: 100, width: 400, height: 40, angle: 0 };
  assert.equal(mayEndInsideRow(cut, size, { x: 790, y: 100, score: 0.4 }, pitch), false);
  // A tilted strip: its end is along its axis.
  const down: RotatedRect = { cx: 400, cy: 200, width: 200, height: 40, angle: Math.PI / 2 };
  assert.equal(mayEndInsideRow(down, size, { x: 400, y: 290, score: 0.4 }, pitch), true);
  assert.equal(mayEndInsideRow(down, size, { x: 400, y: 250, score: 0.4 }, pitch), false);
});

test('continuedByLonger: a strip whose row another strip read on from the same first drum ended inside it', () => {
  const row = (digits: string, x0 = 100, pitch = 50, lastScore = 0.99) =>
    ({ digits, pitch, cells: [...digits].map((_, i) => ({ x: x0 + i * pitch, y: 40, score: i === digits.length - 1 ? lastScore : 0.99 })) });
  const short = row('485793');
  const long = row('48579385');
  assert.equal(continuedByLonger(short, [short, long, null]), true);
  assert.equal(continuedByLonger(long, [short, long, null]), false);
  // Another row's digits, or the same digits from another start: no say.
  assert.equal(continuedByLonger(short, [row('48579185')]), false);
  assert.equal(continuedByLonger(short, [row('48579385', 160)]), false);
  assert.equal(continuedByLonger(short, [row('485793')]), false);
  // One digit more may be a rolling last drum that labels leave out too.
  assert.equal(continuedByLonger(short, [row('4857938')]), false);
  // A digit read unsurely past the row: the unit's glyph as often as a drum.
  assert.equal(continuedByLonger(row('97714548'), [row('977145487', 100, 50, 0.43)]), false);
  // ... but after a sure one, as likely a rolling last drum: the shorter strip ended inside the row.
  assert.equal(continuedByLonger(row('490175'), [row('49017598', 100, 50, 0.55)]), true);
  // A last digit read unsurely is a drum the strip cut: the longer strip may read it otherwise.
  assert.equal(continuedByLonger(row('988021', 100, 50, 0.27), [row('98802473', 100, 50, 0.75)]), true);
  assert.equal(continuedByLonger(row('988021'), [row('98802473', 100, 50, 0.75)]), false);
  // A strip of more digits than a counter holds read on past the row's end: no say where this one ended.
  assert.equal(continuedByLonger(row('98185450'), [row('98185450870')]), false);
  assert.equal(continuedByLonger(row('9818545'), [row('981854508')]), true);
});
