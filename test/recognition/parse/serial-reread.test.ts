import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rereadSerial, serialLineIndex } from '../../../src/recognition/parse/serial-reread.js';
import { findSerial } from '../../../src/recognition/parse/serial.js';
import type { OcrLine } from '../../../src/recognition/parse/types.js';

const line = (text: string, y: number): OcrLine => ({
  text,
  score: 0.98,
  charScores: [...text].map(() => 0.98),
  box: [
    [100, y],
    [300, y],
    [300, y + 30],
    [100, y + 30],
  ],
});

const parse = (lines: OcrLine[]) => findSerial(lines, { counterHeight: 0 }).value;

test('serialLineIndex finds the line holding the serial whatever its separators', () => {
  assert.equal(serialLineIndex([line('kWh', 0), line('No 2-1533308', 50)], '2-1533308'), 1);
  assert.equal(serialLineIndex([line('kWh', 0)], '2-1533308'), -1);
});

test('a wider re-read replaces the serial only when it extends it', async () => {
  const lines = [line('WATER', 0), line('2-1533308', 50)].map((l, i) => ({ line: l, rect: i }));
  const margins: number[] = [];
  const reading = (text: string) => async (rect: number, margin: number) => {
    assert.equal(rect, 1);
    margins.push(margin);
    return { text, score: 0.97, charScores: [...text].map(() => 0.97) };
  };
  assert.equal(parse(lines.map((l) => l.line)), '2-1533308');
  assert.equal(await rereadSerial('2-1533308', lines, reading('12-1533308'), parse), '12-1533308');
  assert.ok(margins[0] > 0);
  // A different number, a shorter one, or nothing at all keep the first reading.
  assert.equal(await rereadSerial('2-1533308', lines, reading('2-1538808'), parse), '2-1533308');
  assert.equal(await rereadSerial('2-1533308', lines, reading('1533308'), parse), '2-1533308');
  assert.equal(await rereadSerial('2-1533308', lines, async () => null, parse), '2-1533308');
});

test('a serial written after its marker on the same line is not re-read on that side', async () => {
  const lines = [line('N25288446-1996', 50)].map((l) => ({ line: l, rect: 0 }));
  const serial = parse(lines.map((l) => l.line));
  assert.equal(serial, '25288446-1996');
  let reads = 0;
  const reading = async () => {
    reads++;
    return { text: '925288446-1996', score: 0.97, charScores: [...'925288446-1996'].map(() => 0.97) };
  };
  assert.equal(await rereadSerial(serial, lines, reading, parse), serial);
  // The serial touches the right edge only: characters added on the left are refused.
  assert.equal(reads, 1);
});
