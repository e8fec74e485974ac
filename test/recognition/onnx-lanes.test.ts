import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOnnxModel } from '../../src/recognition/onnx.js';
import { loadLanedModel } from '../../src/recognition/onnx-lanes.js';
import { ppOcrModelPaths } from '../../src/recognition/ocr/models.js';

const REC = ppOcrModelPaths().rec;
const crop = (w: number, seed: number) => ({
  data: Float32Array.from({ length: 3 * 48 * w }, (_, i) => Math.sin(i * 0.37 + seed) * 0.8),
  dims: [1, 3, 48, w],
});

test('crops spread over two lanes come back in input order, as one thread computes them', async () => {
  const [laned, single] = await Promise.all([loadLanedModel(REC, 2), loadOnnxModel(REC, 1)]);
  const widths = [320, 96, 200, 48, 160, 400, 120];
  const inputs = widths.map((w, k) => crop(w, k));
  const outputs = await laned.runAll(inputs, (i) => i.data.length);
  assert.equal(outputs.length, inputs.length);
  for (let k = 0; k < inputs.length; k++) {
    assert.equal(outputs[k].dims[1], widths[k] / 8, `crop ${k} gets its own timesteps`);
    const ref = await single.run(inputs[k].data, inputs[k].dims);
    let diff = 0;
    for (let i = 0; i < ref.data.length; i++) diff = Math.max(diff, Math.abs(ref.data[i] - outputs[k].data[i]));
    assert.ok(diff < 1e-5, `crop ${k}: max diff ${diff}`);
  }
  // Empty and single-input runs need no lane.
  assert.deepEqual(await laned.runAll([], (i) => i.data.length), []);
  assert.equal((await laned.runAll([crop(64, 9)], (i) => i.data.length))[0].dims[1], 8);
});

test('an off-thread run goes to a helper lane: this thread turns its event loop meanwhile, and the outputs are the same', async () => {
  const [laned, single] = await Promise.all([loadLanedModel(REC, 2), loadOnnxModel(REC, 1)]);
  const input = crop(960, 3);
  const ref = await single.run(input.data, input.dims);
  const turnsDuring = async (offThread: boolean) => {
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const [out] = await laned.runAll([input], (i) => i.data.length, offThread);
    done = true;
    assert.deepEqual(out.dims, ref.dims);
    assert.deepEqual(Array.from(out.data), Array.from(ref.data), 'the same weights on one thread give the same logits');
    return turns;
  };
  // On this thread's own session the run holds the thread: the loop barely turns until it ends.
  const local = await turnsDuring(false);
  const away = await turnsDuring(true);
  assert.ok(away > 10 && away > 4 * local, `event loop turns during the run: ${away} off-thread, ${local} on this thread`);
  // Without helper lanes an off-thread run still runs (here).
  const alone = await loadLanedModel(REC, 1);
  assert.equal((await alone.runAll([crop(64, 9)], (i) => i.data.length, true))[0].dims[1], 8);
});

test('an idle lane does not keep the process alive', () => {
  const lanes = fileURLToPath(new URL('../../src/recognition/onnx-lanes.js', import.meta.url));
  const script = `
    const { loadLanedModel } = await import(${JSON.stringify(lanes)});
    const m = await loadLanedModel(${JSON.stringify(REC)}, 2);
    const out = await m.runAll([64, 96, 128].map((w) => ({ data: new Float32Array(3 * 48 * w), dims: [1, 3, 48, w] })), (i) => i.data.length);
    console.log('ran', out.length);
  `;
  const dir = mkdtempSync(join(tmpdir(), 'lanes-'));
  const file = join(dir, 'run.mjs');
  writeFileSync(file, script);
  const res = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(res.signal, null, 'the process ended by itself');
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stdout, /ran 3/);
});
