import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  CLASS_COUNT,
  cellsToTensor,
  composeDigits,
  loadDigitClassifier,
  type DigitCell,
} from '../../src/recognition/digit-classifier.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/digits/', import.meta.url));

/** Binary PPM (P6) -> RGB cell; the fixtures are synthetic renders from training/digits/synth.py. */
function readPpm(path: string): DigitCell {
  const bytes = readFileSync(path);
  const header = bytes.subarray(0, 32).toString('latin1').match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  assert.ok(header, `${path} is not a binary PPM`);
  const [text, width, height] = [header[0], Number(header[1]), Number(header[2])];
  return { data: new Uint8Array(bytes.subarray(text.length)), width, height, channels: 3 };
}

function loadFixtures(): { cell: DigitCell; value: number }[] {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.ppm')).sort();
  return files.map((f) => ({ cell: readPpm(join(FIXTURES, f)), value: Number(f.slice(4, -4)) }));
}

function tenthsApart(a: number, b: number): number {
  const d = Math.abs(Math.round(a * 10) - Math.round(b * 10)) % 100;
  return Math.min(d, 100 - d);
}

const digitsOf = (wheels: number[]) => composeDigits(wheels).digits;

test('carry: rightmost wheel is floored, half-rolled recorded as the lower digit', () => {
  assert.deepEqual(digitsOf([4.5]), [4]);
  assert.deepEqual(digitsOf([9.9]), [9]);
  assert.deepEqual(digitsOf([0.0]), [0]);
  assert.deepEqual(digitsOf([3, 7.2]), [3, 7]);
});

test('carry: a wheel between digits follows its right neighbour', () => {
  assert.deepEqual(digitsOf([6.5, 0.2]), [7, 0]);
  assert.deepEqual(digitsOf([6.5, 5.0]), [6, 5]);
  assert.deepEqual(digitsOf([6.5, 9.5]), [6, 9]);
  assert.deepEqual(digitsOf([6.9, 9.9]), [6, 9]);
  assert.deepEqual(digitsOf([6.7, 0.0]), [7, 0]);
  assert.deepEqual(digitsOf([6.3, 0.1]), [7, 0]);
});

test('carry: a wheel near a digit keeps it whatever the right neighbour shows', () => {
  assert.deepEqual(digitsOf([6.0, 9.5]), [6, 9]);
  assert.deepEqual(digitsOf([6.2, 0.1]), [6, 0]);
  assert.deepEqual(digitsOf([6.1, 5.5]), [6, 5]);
});

test('carry: continuously geared wheels (left = d + right/10) keep the lower digit', () => {
  assert.deepEqual(digitsOf([6.3, 2.9]), [6, 2]);
  assert.deepEqual(digitsOf([6.4, 4.0]), [6, 4]);
  assert.deepEqual(digitsOf([6.8, 8.0]), [6, 8]);
});

test('carry: 9 rolls over to 0 and carries into the left neighbour', () => {
  assert.deepEqual(digitsOf([9.6, 0.1]), [0, 0]);
  assert.deepEqual(digitsOf([1.5, 9.6, 0.1]), [2, 0, 0]);
  assert.deepEqual(digitsOf([1.5, 9.6, 6.0]), [1, 9, 6]);
  assert.deepEqual(digitsOf([0.5, 9.5, 9.5, 0.2]), [1, 0, 0, 0]);
  assert.deepEqual(digitsOf([0.5, 9.5, 9.5, 9.7]), [0, 9, 9, 9]);
  assert.deepEqual(digitsOf([3, 4, 1.5, 9.6, 0.1, 2.3]), [3, 4, 2, 0, 0, 2]);
});

test('carry: a carried wheel counts as just rolled over for its left neighbour', () => {
  // The middle wheel becomes 8 (not 9 -> 0), so the left wheel stays on 5.
  assert.deepEqual(digitsOf([5.5, 7.5, 0.1]), [5, 8, 0]);
});

test('carry: positions are taken modulo 10 and must be finite', () => {
  assert.deepEqual(digitsOf([10.2, -0.5]), [0, 9]);
  assert.deepEqual(digitsOf([]), []);
  assert.throws(() => composeDigits([Number.NaN]));
});

test('carry: confidence is the probability mass that resolves to the chosen digit', () => {
  const probabilities = new Float32Array(CLASS_COUNT);
  probabilities[65] = 0.5; // 6.5
  probabilities[69] = 0.2; // 6.9
  probabilities[71] = 0.3; // 7.1
  const rolled = composeDigits([{ value: 6.5, probabilities }, 0.1]);
  assert.deepEqual(rolled.digits, [7, 0]);
  assert.ok(Math.abs(rolled.confidences[0] - 1) < 1e-6);
  const turning = composeDigits([{ value: 6.5, probabilities }, 9.5]);
  assert.deepEqual(turning.digits, [6, 9]);
  assert.ok(Math.abs(turning.confidences[0] - 0.7) < 1e-6);
  assert.deepEqual(turning.confidences[1], 1);
  assert.equal(composeDigits([{ value: 3.0, probability: 0.8 }]).confidences[0], 0.8);
});

test('cells are converted to NCHW RGB in 0..1, gray replicated, wrong sizes refused', () => {
  const rgb = new Uint8Array(20 * 32 * 3);
  rgb[0] = 255; // pixel 0 red
  rgb[4] = 51; // pixel 1 green
  const gray = new Uint8Array(20 * 32).fill(102);
  const t = cellsToTensor([
    { data: rgb, width: 20, height: 32, channels: 3 },
    { data: gray, width: 20, height: 32, channels: 1 },
  ]);
  const plane = 20 * 32;
  assert.equal(t.length, 2 * 3 * plane);
  assert.equal(t[0], 1);
  assert.equal(t[plane + 1], Math.fround(0.2));
  assert.equal(t[plane], 0);
  for (let c = 0; c < 3; c++) assert.equal(t[3 * plane + c * plane + 7], Math.fround(0.4));
  assert.throws(() => cellsToTensor([{ data: gray, width: 32, height: 20, channels: 1 }]), /20x32/);
  assert.throws(() => cellsToTensor([{ data: gray, width: 20, height: 32, channels: 3 }]), /bytes/);
});

test('real model classifies synthetic wheel renders in fonts it was not trained on', async () => {
  const classifier = await loadDigitClassifier({ threads: 1 });
  const fixtures = loadFixtures();
  assert.ok(fixtures.length >= 50, 'expected the synthetic fixtures from training/digits/train.py');
  const predictions = await classifier.classify(fixtures.map((f) => f.cell));
  assert.equal(predictions.length, fixtures.length);
  let exact = 0;
  let nearby = 0;
  for (const [i, p] of predictions.entries()) {
    assert.equal(p.probabilities.length, CLASS_COUNT);
    const sum = p.probabilities.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-4, `probabilities sum to ${sum}`);
    assert.equal(p.probability, Math.max(...p.probabilities));
    assert.ok(p.value >= 0 && p.value <= 9.9 && Number.isInteger(Math.round(p.value * 10)));
    const apart = tenthsApart(p.value, fixtures[i].value);
    if (apart === 0) exact++;
    if (apart <= 1) nearby++;
  }
  const n = fixtures.length;
  assert.ok(nearby / n >= 0.95, `within one tenth: ${nearby}/${n}`);
  assert.ok(exact / n >= 0.75, `exact tenth: ${exact}/${n}`);
});

test('real model: batch results match one-by-one results, gray cells work too', async () => {
  const classifier = await loadDigitClassifier();
  const cells = loadFixtures().slice(0, 8).map((f) => f.cell);
  const batch = await classifier.classify(cells);
  for (const [i, cell] of cells.entries()) {
    const [single] = await classifier.classify([cell]);
    assert.equal(single.value, batch[i].value);
    assert.ok(Math.abs(single.probability - batch[i].probability) < 1e-4);
  }
  assert.deepEqual(await classifier.classify([]), []);
  const grayCells = cells.map((c) => {
    const data = new Uint8Array(20 * 32);
    for (let p = 0; p < data.length; p++) {
      data[p] = Math.round(0.299 * c.data[3 * p] + 0.587 * c.data[3 * p + 1] + 0.114 * c.data[3 * p + 2]);
    }
    return { data, width: 20, height: 32, channels: 1 as const };
  });
  const gray = await classifier.classify(grayCells);
  const agree = gray.filter((g, i) => tenthsApart(g.value, batch[i].value) <= 1).length;
  assert.ok(agree >= 6, `gray and colour predictions agree on ${agree}/8`);
});
