// Account-area building blocks with a controlled clock: window expiry, session expiry, chart, escaping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/index.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { SignIn } from '../../src/account/sign-in.js';
import { AccountSessions, hashSessionId } from '../../src/account/sessions.js';
import { lastDays, usageChart } from '../../src/account/chart.js';
import { html } from '../../src/account/html.js';
import { readCookie, serializeCookie } from '../../src/account/cookies.js';

let store: Store;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'meter-account-'));
  store = openSqliteStore(dir);
  await store.migrate();
});
after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('sign-in throttling lifts once the window has passed', async () => {
  await store.createClient({ id: 'cl_u1', name: 'u', email: 'u@x.test', passwordHash: await hashPassword('right-password'), quotaLimit: 1, quotaPeriod: 'month', blocked: false, createdAt: new Date().toISOString() });
  let now = new Date('2026-06-01T10:00:00Z');
  const s = new SignIn(store, { windowMs: 15 * 60_000, maxPerAccount: 2, maxPerIp: 100 }, () => now);
  assert.deepEqual(await s.attempt('u@x.test', 'wrong', '10.0.0.1'), { ok: false, reason: 'wrong' });
  assert.deepEqual(await s.attempt(' U@X.test ', 'wrong', '10.0.0.2'), { ok: false, reason: 'wrong' });
  assert.deepEqual(await s.attempt('u@x.test', 'right-password', '10.0.0.3'), { ok: false, reason: 'throttled' });
  now = new Date('2026-06-01T10:14:00Z');
  assert.equal((await s.attempt('u@x.test', 'right-password', '10.0.0.3')).ok, false, 'still inside the window');
  now = new Date('2026-06-01T10:30:00Z');
  const ok = await s.attempt('u@x.test', 'right-password', '10.0.0.3');
  assert.equal(ok.ok, true);
  assert.equal(await store.countLoginAttempts('email:u@x.test', '2000-01-01T00:00:00Z'), 0, 'success clears the account');
  assert.equal(await store.countLoginAttempts('ip:10.0.0.3', '2026-06-01T10:29:00Z'), 0, 'a successful attempt is not counted');
});

test('a session is found until it expires, then deleted', async () => {
  await store.createClient({ id: 'cl_u2', name: 'u2', email: null, passwordHash: null, quotaLimit: 1, quotaPeriod: 'month', blocked: false, createdAt: new Date().toISOString() });
  let now = new Date('2026-06-01T10:00:00Z');
  const sessions = new AccountSessions(store, 3_600_000, () => now);
  const { id, session } = await sessions.create('cl_u2');
  assert.match(id, /^[\w-]{43}$/);
  assert.equal(session.idHash, hashSessionId(id));
  assert.notEqual(session.csrfToken, id);
  now = new Date('2026-06-01T10:59:59Z');
  assert.ok(await sessions.find(id));
  assert.equal(await sessions.find(`${id}x`), undefined);
  assert.equal(await sessions.find(undefined), undefined);
  now = new Date('2026-06-01T11:00:00Z');
  assert.equal(await sessions.find(id), undefined);
  assert.equal(await store.getSession(session.idHash), undefined);
});

test('the usage chart has one bar per day with usage and labels the last 30 days', () => {
  const today = new Date('2026-03-05T12:00:00Z');
  const days = lastDays([{ day: '2026-03-05', count: 4 }, { day: '2026-02-10', count: 9 }, { day: '2026-01-01', count: 99 }], today);
  assert.equal(days.length, 30);
  assert.equal(days[0].day, '2026-02-04');
  assert.equal(days.at(-1)!.day, '2026-03-05');
  assert.equal(days.reduce((a, d) => a + d.count, 0), 13, 'older days are outside the chart');
  const svg = usageChart(days).value;
  assert.equal(svg.match(/class="bar"/g)?.length, 2);
  assert.equal(svg.match(/class="bar-zero"/g)?.length, 28);
  assert.match(svg, /<title>2026-02-10: 9 requests<\/title>/);
  assert.match(svg, /role="img"/);
});

test('html escapes interpolated text but not nested html; cookies round-trip', () => {
  const label = `<img src=x onerror="alert(1)">'&`;
  assert.equal(html`<p>${label}</p>`.value, '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</p>');
  assert.equal(html`<div>${html`<b>${'x<'}</b>`}</div>`.value, '<div><b>x&lt;</b></div>');
  const c = serializeCookie('s', 'abc', { maxAgeSeconds: 60, secure: true });
  assert.equal(c, 's=abc; Path=/account; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
  assert.equal(readCookie('a=1; s=abc; b=2', 's'), 'abc');
  assert.equal(readCookie('as=1', 's'), undefined);
});
