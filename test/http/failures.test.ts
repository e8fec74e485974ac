// Internal failures and overload. The recognition service is replaced here (and only here) by one that
// fails or waits on demand, because a healthy pipeline cannot be made to fail deterministically.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type RecognitionService, type Services } from '../../src/services.js';
import { buildApp } from '../../src/http/app.js';
import { PoolBusyError } from '../../src/workers/pool.js';
import type { RecognitionOutcome } from '../../src/recognition/types.js';
import { analyze, healthy } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';

class ControlledRecognition implements RecognitionService {
  mode: 'fail' | 'hold' = 'fail';
  private waiting: (() => void)[] = [];
  inFlight = 0;
  readonly isReady = true;
  get queueDepth() {
    return Math.max(0, this.inFlight - 1);
  }
  get active() {
    return Math.min(1, this.inFlight);
  }
  async warmup() {}
  async close() {}
  async recognize(): Promise<RecognitionOutcome> {
    if (this.mode === 'fail') throw new Error('onnx exploded at /secret/path/model.onnx');
    if (this.inFlight >= 2) throw new PoolBusyError();
    this.inFlight++;
    await new Promise<void>((r) => this.waiting.push(r));
    this.inFlight--;
    return { kind: 'no_meter' };
  }
  releaseAll() {
    for (const w of this.waiting.splice(0)) w();
  }
}

let services: Services;
let url: string;
let dir: string;
let close: () => Promise<void>;
const rec = new ControlledRecognition();

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'meter-fail-'));
  services = await createServices(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), rec);
  const app = await buildApp(services, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  close = async () => {
    await app.close();
    await services.store.close();
    rmSync(dir, { recursive: true, force: true });
  };
});
after(() => close());

async function newKey(quota = 100) {
  const c = await services.clients.create({ name: 'f', quotaLimit: quota, quotaPeriod: 'none' });
  return { id: c.id, token: (await services.clients.issueKey(c.id)).token };
}
const usedOf = async (id: string) => services.quota.status((await services.store.getClient(id))!).used;

test('a recognition failure is a 500 with a generic message, and the reserved unit is given back', async () => {
  rec.mode = 'fail';
  const k = await newKey();
  const r = await analyze(url, { token: k.token, bytes: await plainPng() });
  assert.equal(r.status, 500);
  assert.deepEqual(r.body, { error: 'Internal server error' });
  assert.doesNotMatch(JSON.stringify(r.body), /secret|onnx/);
  assert.equal(await usedOf(k.id), 0);
  assert.equal((await services.store.staleReservations('9999-01-01')).length, 0);
  assert.ok(await healthy(url));
});

test('a full queue answers 503 with Retry-After and consumes nothing', async () => {
  rec.mode = 'hold';
  const k = await newKey();
  const png = await plainPng();
  const held = [analyze(url, { token: k.token, bytes: png }), analyze(url, { token: k.token, bytes: png })];
  while (rec.inFlight < 2) await new Promise((r) => setTimeout(r, 10));
  const r = await analyze(url, { token: k.token, bytes: png });
  assert.equal(r.status, 503);
  assert.equal(r.headers.get('retry-after'), '1');
  assert.equal(typeof r.body.error, 'string');
  rec.releaseAll();
  const done = await Promise.all(held);
  assert.deepEqual(done.map((d) => d.status), [200, 200]);
  assert.equal(await usedOf(k.id), 2);
  const metrics = await (await fetch(`${url}/metrics`)).text();
  assert.match(metrics, /http_requests_total\{route="\/api\/meters\/analyze",method="POST",status="503"\} 1/);
});

test('a client that disconnects mid-recognition is not charged', async () => {
  rec.mode = 'hold';
  const k = await newKey();
  const ac = new AbortController();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await plainPng())]), 'a.png');
  const p = fetch(`${url}/api/meters/analyze`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${k.token}` },
    signal: ac.signal,
  }).catch(() => null);
  while (rec.inFlight < 1) await new Promise((r) => setTimeout(r, 10));
  ac.abort();
  await p;
  await new Promise((r) => setTimeout(r, 100));
  rec.releaseAll();
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(await usedOf(k.id), 0);
});
