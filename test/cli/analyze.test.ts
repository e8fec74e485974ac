import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/process.js';
import { plainPng } from '../helpers/images.js';

const dir = mkdtempSync(join(tmpdir(), 'meter-analyze-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('analyze CLI prints one JSON line per file with the HTTP envelope, file and time', async () => {
  const blank = join(dir, 'blank.png');
  const text = join(dir, 'notes.jpg');
  writeFileSync(blank, await plainPng(120, 90));
  writeFileSync(text, 'not an image');
  const r = await runCli('cli/analyze.js', [blank, text], {});
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  assert.deepEqual({ ...lines[0], ms: 0 }, { file: blank, success: false, error: 'NO_VALID_PHOTO', ms: 0 });
  assert.equal(typeof lines[0].ms, 'number');
  assert.equal(lines[1].success, false);
  assert.equal(lines[1].error, 'No file uploaded');
});

test('a missing file is reported and makes the exit code non-zero', async () => {
  const r = await runCli('cli/analyze.js', [join(dir, 'nope.jpg')], {});
  assert.equal(r.code, 1);
  const line = JSON.parse(r.stdout.trim());
  assert.equal(line.success, false);
  assert.match(line.error, /cannot read file/);
});
