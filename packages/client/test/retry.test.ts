import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, parseRetryAfter, sleep } from '../src/retry.js';

test('parseRetryAfter reads delay-seconds', () => {
  assert.equal(parseRetryAfter('0'), 0);
  assert.equal(parseRetryAfter(' 7 '), 7000);
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter('-3'), undefined);
  assert.equal(parseRetryAfter('soon'), undefined);
});

test('parseRetryAfter reads an HTTP-date relative to now, never negative', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
  assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now), 30_000);
  assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now), 0);
});

test('backoffDelay doubles per retry, is capped, and jitters within [50%, 100%)', () => {
  const opts = { baseDelayMs: 100, maxDelayMs: 1000 };
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => backoffDelay(n, opts, () => 0.999999)), [100, 200, 400, 800, 1000]);
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => backoffDelay(n, opts, () => 0)), [50, 100, 200, 400, 500]);
  const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(2, opts)));
  assert.ok(spread.size > 1, 'random jitter varies');
  assert.ok([...spread].every((d) => d >= 200 && d <= 400));
});

test('sleep rejects with the abort reason when the signal fires', async () => {
  const controller = new AbortController();
  const pending = sleep(60_000, controller.signal);
  controller.abort(new Error('stop'));
  await assert.rejects(pending, /stop/);
  await assert.rejects(sleep(10, AbortSignal.abort(new Error('already'))), /already/);
  await sleep(1);
});
