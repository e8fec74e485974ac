import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ctcGreedy } from '../../src/recognition/ocr/ctc.js';
import { dbPostprocess } from '../../src/recognition/ocr/db-postprocess.js';

test('ctcGreedy merges repeats, drops blanks, keeps a repeated char split by a blank', () => {
  const charset = ['1', '2', ' '];
  const classes = 4;
  const seq = [1, 1, 0, 1, 2, 2, 0, 3, 0];
  const probs = new Float32Array(seq.length * classes);
  seq.forEach((c, t) => {
    for (let k = 0; k < classes; k++) probs[t * classes + k] = k === c ? 0.9 : 0.1 / 3;
  });
  const r = ctcGreedy(probs, 0, seq.length, classes, charset);
  assert.equal(r.text, '112 ');
  assert.deepEqual(r.charSteps, [0, 3, 4, 7]);
  assert.equal(r.charScores.length, 4);
  assert.ok(Math.abs(r.score - 0.9) < 1e-6);
});

test('dbPostprocess finds separate regions, scales and unclips them, drops weak ones', () => {
  const w = 64, h = 32;
  const prob = new Float32Array(w * h);
  const fill = (x0: number, y0: number, x1: number, y1: number, p: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * w + x] = p;
  };
  fill(4, 4, 28, 10, 0.9); // strong text kernel
  fill(36, 20, 60, 26, 0.4); // above the pixel threshold, below the box threshold
  const boxes = dbPostprocess(prob, w, h, 2, 2);
  assert.equal(boxes.length, 1);
  const b = boxes[0];
  assert.ok(Math.abs(b.rect.cx - 32) < 1 && Math.abs(b.rect.cy - 14) < 1, JSON.stringify(b.rect));
  assert.ok(b.rect.width > 48 && b.rect.height > 12, 'unclipped beyond the kernel');
  assert.ok(b.score > 0.85);
});

test('ctcGreedy takes a blank just over half as the argmax, and a character beating a blank under half', () => {
  const charset = ['7', '8'];
  const classes = 3;
  // Softmax rows: [blank, '7', '8'].
  const rows = [
    [0.52, 0.47, 0.01], // blank
    [0.49, 0.5, 0.01], // '7'
    [0.6, 0.0, 0.4], // blank: splits the repeat
    [0.3, 0.65, 0.05], // '7' again
    [0.34, 0.33, 0.33], // blank wins a three-way near tie
    [0.2, 0.1, 0.7], // '8'
  ];
  const probs = new Float32Array(rows.flat());
  const r = ctcGreedy(probs, 0, rows.length, classes, charset);
  assert.equal(r.text, '778');
  assert.deepEqual(r.charSteps, [1, 3, 5]);
  assert.deepEqual(r.charScores.map((s) => Math.round(s * 100) / 100), [0.5, 0.65, 0.7]);
});
