import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asciiForm, loadCharset, ppOcrModelPaths } from '../../src/recognition/ocr/models.js';

test('full-width digits and letters of the recogniser set read as ASCII; other characters stay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'charset-'));
  const keys = join(dir, 'keys.txt');
  writeFileSync(keys, '８\r\nＮ\n0\n\u3000\n℃\n中\n');
  assert.deepEqual(loadCharset(keys), ['8', 'N', '0', ' ', '℃', '中', ' ']);
  assert.equal(asciiForm('０'), '0');
  assert.equal(asciiForm('～'), '~');
  assert.equal(asciiForm('a'), 'a');
});

test('the shipped recogniser set has each digit at least twice, and after loading only as ASCII', () => {
  const set = loadCharset(ppOcrModelPaths().keys);
  for (const d of '0123456789') assert.ok(set.filter((c) => c === d).length >= 2, d);
  assert.equal(set.some((c) => /[\uff01-\uff5e]/.test(c)), false);
});
