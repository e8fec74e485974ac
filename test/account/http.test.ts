// The account area over real HTTP: sign-in, CSRF, lockout, session expiry, one-time token display.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startTestApp, analyze, type TestApp } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';
import { storeBackends } from '../helpers/backends.js';
import { PG_SKIP, createTempDatabase } from '../helpers/pg.js';
import { hashSessionId } from '../../src/account/sessions.js';
import { WebClient, accountClient, csrfOf, tokenOnPage } from './web.js';

const WRONG = 'Wrong email or password.';


for (const backend of storeBackends) {
  describe(`account area over HTTP on ${backend.name}`, { skip: backend.skip }, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | undefined;

    before(async () => {
      const e = await backend.env();
      drop = e.drop;
      t = await startTestApp({ ...e.env, LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', SESSION_TTL_HOURS: '2' });
    });
    after(async () => {
      await t.close();
      await drop?.();
    });

    test('pages carry security headers; the session cookie is HttpOnly, SameSite=Lax, expiring', async () => {
      const a = await accountClient(t);
      const w = new WebClient(t.url);
      const form = await w.get('/account/sign-in');
      assert.equal(form.status, 200);
      assert.match(form.headers.get('content-type')!, /^text\/html/);
      const csp = form.headers.get('content-security-policy')!;
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(form.headers.get('x-frame-options'), 'DENY');
      assert.equal(form.headers.get('cache-control'), 'no-store');
      assert.doesNotMatch(form.body, /<script>|<style>| style="| on\w+="/, 'no inline script or style');
      assert.match(form.body, /<label for="email">/);
      assert.match(form.body, /<label for="password">/);

      const signed = await w.post('/account/sign-in', { _csrf: csrfOf(form.body), email: a.email.toUpperCase(), password: a.password });
      assert.equal(signed.status, 303);
      assert.equal(signed.location, '/account/overview');
      const sc = signed.setCookies.find((c) => c.startsWith('meter_session='))!;
      assert.ok(sc, 'a session cookie is set');
      assert.match(sc, /; HttpOnly/);
      assert.match(sc, /; SameSite=Lax/);
      assert.match(sc, /; Path=\/account/);
      assert.match(sc, /; Max-Age=7200/);
      assert.doesNotMatch(sc, /Secure/, 'plain HTTP: not Secure');
      const id = w.cookies.get('meter_session')!;
      const stored = (await t.services.store.getSession(hashSessionId(id)))!;
      assert.ok(stored, 'the store keeps the hash of the session id');
      assert.equal(await t.services.store.getSession(id), undefined, 'and not the id itself');
      const ttl = Date.parse(stored.expiresAt) - Date.parse(stored.createdAt);
      assert.equal(ttl, 2 * 3_600_000);

      const overview = await w.get('/account/overview');
      assert.equal(overview.status, 200);
      assert.match(overview.body, /Overview/);
      assert.match(overview.body, /<svg class="chart"/);

      // Behind a TLS-terminating proxy the cookie is Secure.
      const https = new WebClient(t.url, { 'x-forwarded-proto': 'https' });
      const s2 = await https.signIn(a.email, a.password);
      assert.match(s2.setCookies.find((c) => c.startsWith('meter_session='))!, /; Secure/);
    });

    test('wrong password, unknown email and an account without a password all say only "wrong email or password"', async () => {
      const a = await accountClient(t);
      const noPassword = await t.services.clients.create({ name: 'np', email: `np-${Date.now()}@example.test`, quotaLimit: 1, quotaPeriod: 'month' });
      const cases = [
        [a.email, 'not-the-password'],
        [`nobody-${Date.now()}@example.test`, a.password],
        [noPassword.email!, ''],
        [noPassword.email!, 'anything-at-all'],
      ];
      for (const [email, password] of cases) {
        const w = new WebClient(t.url);
        const r = await w.signIn(email, password);
        assert.equal(r.status, 401, `${email}`);
        assert.ok(r.body.includes(WRONG));
        assert.ok(!w.cookies.has('meter_session'), 'no session');
        assert.equal((await w.get('/account/overview')).status, 303);
      }
    });

    test('sign-in lockout: after 3 failures even the right password is refused for a while; others are unaffected', async () => {
      const a = await accountClient(t);
      const b = await accountClient(t);
      const w = new WebClient(t.url);
      for (let i = 0; i < 3; i++) assert.equal((await w.signIn(a.email, `wrong-${i}`)).status, 401);
      const locked = await w.signIn(a.email, a.password);
      assert.equal(locked.status, 429);
      assert.match(locked.body, /Too many sign-in attempts/);
      assert.ok(Number(locked.headers.get('retry-after')) > 0);
      assert.ok(!w.cookies.has('meter_session'));
      // The lock is per account: another account signs in from the same address.
      assert.equal((await new WebClient(t.url).signIn(b.email, b.password)).status, 303);
      // An email with no account is throttled the same way, so throttling reveals nothing.
      const ghost = `ghost-${Date.now()}@example.test`;
      for (let i = 0; i < 3; i++) assert.equal((await w.signIn(ghost, 'x')).status, 401);
      assert.equal((await w.signIn(ghost, 'x')).status, 429);
      // A success clears the account's failure count.
      const c = await accountClient(t);
      for (let i = 0; i < 2; i++) assert.equal((await w.signIn(c.email, 'nope')).status, 401);
      assert.equal((await new WebClient(t.url).signIn(c.email, c.password)).status, 303);
      for (let i = 0; i < 2; i++) assert.equal((await w.signIn(c.email, 'nope')).status, 401);
      assert.equal((await new WebClient(t.url).signIn(c.email, c.password)).status, 303);
    });

    test('CSRF: state-changing forms without the session token, with another token or from another site are refused', async () => {
      const a = await accountClient(t);
      const w = new WebClient(t.url);
      // Sign-in itself needs the double-submit token.
      await w.get('/account/sign-in');
      const noToken = await w.post('/account/sign-in', { email: a.email, password: a.password });
      assert.equal(noToken.status, 403);
      assert.ok(!w.cookies.has('meter_session'));
      const badToken = await w.post('/account/sign-in', { _csrf: 'x'.repeat(43), email: a.email, password: a.password });
      assert.equal(badToken.status, 403);
      assert.ok(!w.cookies.has('meter_session'));

      assert.equal((await w.signIn(a.email, a.password)).status, 303);
      const other = new WebClient(t.url);
      const b = await accountClient(t);
      await other.signIn(b.email, b.password);
      const othersToken = await other.csrf();
      const good = await w.csrf();

      const forms: Record<string, string>[] = [{ label: 'x' }, { label: 'x', _csrf: '' }, { label: 'x', _csrf: othersToken }];
      for (const form of forms) {
        assert.equal((await w.post('/account/keys', form)).status, 403);
      }
      const cross = await w.post('/account/keys', { label: 'x', _csrf: good }, { origin: 'https://evil.example' });
      assert.equal(cross.status, 403);
      const crossFetch = await w.post('/account/keys', { label: 'x', _csrf: good }, { 'sec-fetch-site': 'cross-site' });
      assert.equal(crossFetch.status, 403);
      assert.equal((await t.services.store.listKeys(a.id)).length, 0, 'no key was issued');

      const issued = await w.post('/account/keys', { label: 'real', _csrf: good }, { origin: t.url });
      assert.equal(issued.status, 200);
      // Behind a proxy that rewrites Host, the public name arrives as X-Forwarded-Host.
      const proxied = await w.post('/account/keys', { label: 'proxied', _csrf: good }, { origin: 'https://meter.example', 'x-forwarded-host': 'meter.example', 'x-forwarded-proto': 'https' });
      assert.equal(proxied.status, 200);
      assert.ok(proxied.body.includes('https://meter.example/api/meters/analyze'), 'the curl example names the public address');
      await t.services.clients.revokeKey((await t.services.store.listKeys(a.id)).find((k) => k.label === 'proxied')!.id);
      const key = (await t.services.store.listKeys(a.id)).find((k) => k.label === 'real')!;
      assert.equal((await w.post(`/account/keys/${key.id}/revoke`, {})).status, 403);
      assert.equal((await w.post(`/account/keys/${key.id}/revoke`, { _csrf: othersToken })).status, 403);
      assert.equal((await t.services.store.getKey(key.id))!.revokedAt, null, 'still active');
      assert.equal((await w.post('/account/sign-out', { _csrf: othersToken })).status, 403);
      assert.equal((await w.get('/account/overview')).status, 200, 'still signed in');
    });

    test('a token is shown once, on the page that issued it, and never again', async () => {
      const a = await accountClient(t);
      const w = new WebClient(t.url);
      await w.signIn(a.email, a.password);
      const issued = await w.post('/account/keys', { label: 'ci <b>pipeline</b>', _csrf: await w.csrf() });
      assert.equal(issued.status, 200);
      assert.equal(issued.headers.get('cache-control'), 'no-store');
      const token = tokenOnPage(issued.body)!;
      assert.ok(token, 'the token is on the issuing page');
      assert.ok(issued.body.includes(`Authorization: Bearer ${token}`), 'with a curl example');
      assert.ok(issued.body.includes('ci &lt;b&gt;pipeline&lt;/b&gt;'), 'labels are escaped');
      assert.ok(!issued.body.includes('<b>pipeline'));
      const [key] = await t.services.store.listKeys(a.id);
      assert.equal((await analyze(t.url, { token, bytes: await plainPng(32, 32), mimetype: 'image/png', filename: 'x.png' })).status, 200);

      const pages = [
        await w.get('/account/keys'),
        await w.get('/account/overview'),
        await w.get(`/account/keys/${key.id}/revoke`),
        await w.get('/account'),
      ];
      await w.post(`/account/keys/${key.id}/revoke`, { _csrf: await w.csrf() });
      pages.push(await w.get(`/account/keys?revoked=${key.id}`));
      const sig = token.split('.')[2];
      for (const p of pages) {
        assert.ok(!p.body.includes(token), 'no page shows the token again');
        assert.ok(!p.body.includes(sig), 'not even its signature');
        assert.ok(!p.body.includes(key.tokenHash), 'nor its hash');
        assert.equal(tokenOnPage(p.body), undefined);
      }
      assert.match(pages.at(-1)!.body, /revoked\. Requests with it now get 401/);
      assert.equal((await analyze(t.url, { token, bytes: await plainPng(32, 32), mimetype: 'image/png', filename: 'x.png' })).status, 401);
    });

    test('an expired session sends the browser back to sign-in and is deleted; sign-out ends a session for good', async () => {
      const a = await accountClient(t);
      const id = randomBytes(32).toString('base64url');
      const past = new Date(Date.now() - 60_000).toISOString();
      await t.services.store.createSession({ idHash: hashSessionId(id), clientId: a.id, csrfToken: 'c'.repeat(43), createdAt: past, expiresAt: past });
      const w = new WebClient(t.url);
      w.cookies.set('meter_session', id);
      const r = await w.get('/account/overview');
      assert.equal(r.status, 303);
      assert.equal(r.location, '/account/sign-in?expired=1');
      assert.ok(!w.cookies.has('meter_session'), 'the cookie is cleared');
      assert.equal(await t.services.store.getSession(hashSessionId(id)), undefined, 'the row is gone');
      assert.match((await w.get('/account/sign-in?expired=1')).body, /session has ended/);
      // A forged id that was never issued opens nothing either.
      w.cookies.set('meter_session', randomBytes(32).toString('base64url'));
      assert.equal((await w.get('/account/keys')).status, 303);

      await w.signIn(a.email, a.password);
      const cookie = w.cookies.get('meter_session')!;
      const out = await w.post('/account/sign-out', { _csrf: await w.csrf('/account/overview') });
      assert.equal(out.status, 303);
      assert.equal(out.location, '/account/sign-in?signed-out');
      assert.ok(!w.cookies.has('meter_session'));
      const replay = new WebClient(t.url);
      replay.cookies.set('meter_session', cookie);
      assert.equal((await replay.get('/account/overview')).status, 303, 'the old cookie no longer works');
    });

    test('a blocked client signs in and sees it is blocked, but cannot issue keys', async () => {
      const a = await accountClient(t, { blocked: true });
      const w = new WebClient(t.url);
      assert.equal((await w.signIn(a.email, a.password)).status, 303);
      const overview = await w.get('/account/overview');
      assert.match(overview.body, /This account is blocked/);
      const keys = await w.get('/account/keys');
      assert.match(keys.body, /cannot issue keys/);
      assert.doesNotMatch(keys.body, /action="\/account\/keys"/);
      const r = await w.post('/account/keys', { label: 'sneaky', _csrf: csrfOf(keys.body) });
      assert.equal(r.status, 403);
      assert.equal((await t.services.store.listKeys(a.id)).length, 0);
    });

    test("a client cannot see or revoke another client's key", async () => {
      const a = await accountClient(t);
      const { keyId, token } = await t.newClient();
      const w = new WebClient(t.url);
      await w.signIn(a.email, a.password);
      assert.equal((await w.get(`/account/keys/${keyId}/revoke`)).status, 404);
      assert.equal((await w.post(`/account/keys/${keyId}/revoke`, { _csrf: await w.csrf() })).status, 404);
      assert.equal((await t.services.store.getKey(keyId))!.revokedAt, null);
      assert.equal((await analyze(t.url, { token, bytes: await plainPng(32, 32), mimetype: 'image/png', filename: 'x.png' })).status, 200);
    });

    test('bodies other than small urlencoded forms are refused; unknown account paths are 404 pages', async () => {
      const a = await accountClient(t);
      const w = new WebClient(t.url);
      await w.signIn(a.email, a.password);
      const json = await w.request('POST', '/account/keys', { body: '{"label":"x"}', headers: { 'content-type': 'application/json' } });
      assert.equal(json.status, 400);
      const big = await w.post('/account/keys', { label: 'x'.repeat(20_000), _csrf: await w.csrf() });
      assert.equal(big.status, 413);
      assert.equal((await t.services.store.listKeys(a.id)).length, 0);
      const missing = await w.get('/account/nope');
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get('content-type')!, /text\/html/);
      // The API keeps its own JSON answers.
      const api = await fetch(`${t.url}/api/nope`);
      assert.equal(api.status, 404);
      assert.deepEqual(await api.json(), { error: 'Not found' });
    });
  });
}

describe('account sessions across two nodes on one PostgreSQL', { skip: PG_SKIP }, () => {
  test('signed in on node A, the session works on node B; a key revoked on B is refused by A', async () => {
    const db = await createTempDatabase();
    const env = { DATABASE_URL: db.url, JWT_SECRET: 's'.repeat(40) };
    const a = await startTestApp(env);
    const b = await startTestApp(env);
    try {
      const acct = await accountClient(a);
      const onA = new WebClient(a.url);
      assert.equal((await onA.signIn(acct.email, acct.password)).status, 303);
      const onB = new WebClient(b.url);
      onB.cookies.set('meter_session', onA.cookies.get('meter_session')!);
      const issued = await onB.post('/account/keys', { label: 'multi-node', _csrf: await onB.csrf() });
      const token = tokenOnPage(issued.body)!;
      const png = await plainPng(32, 32);
      assert.equal((await analyze(a.url, { token, bytes: png, mimetype: 'image/png', filename: 'x.png' })).status, 200);
      const [key] = await b.services.store.listKeys(acct.id);
      assert.equal((await onB.post(`/account/keys/${key.id}/revoke`, { _csrf: await onB.csrf() })).status, 303);
      assert.equal((await analyze(a.url, { token, bytes: png, mimetype: 'image/png', filename: 'x.png' })).status, 401);
      await onA.post('/account/sign-out', { _csrf: await onA.csrf() });
      assert.equal((await onB.get('/account/overview')).status, 303, 'signing out on A ends the session on B');
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

describe('per-address sign-in limit', () => {
  test('many failures from one address across different emails are throttled', async () => {
    const t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '4', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100' });
    try {
      const a = await accountClient(t);
      const w = new WebClient(t.url);
      for (let i = 0; i < 4; i++) assert.equal((await w.signIn(`spray-${i}@example.test`, 'guess')).status, 401);
      assert.equal((await w.signIn('spray-x@example.test', 'guess')).status, 429);
      assert.equal((await w.signIn(a.email, a.password)).status, 429, 'the address is throttled, whatever the account');
    } finally {
      await t.close();
    }
  });
});
