// One store test suite, run against every adapter (sqlite.test.ts, postgres.test.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/store/index.js';
import { QuotaService } from '../../src/quota/quota.js';
import { ClientService, ClientError } from '../../src/clients/clients.js';
import { TokenSigner } from '../../src/auth/tokens.js';
import { Authenticator } from '../../src/auth/authenticate.js';

export function storeContract(open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>): void {
  let store: Store;
  let cleanup: () => Promise<void>;
  let clients: ClientService;
  const signer = new TokenSigner('x'.repeat(40));

  before(async () => {
    ({ store, cleanup } = await open());
    await store.migrate();
    await store.migrate(); // idempotent
    clients = new ClientService(store, signer);
  });
  after(async () => {
    await store.close();
    await cleanup();
  });

  test('settings: first writer wins', async () => {
    const a = await store.ensureSetting('s1', () => 'first');
    const b = await store.ensureSetting('s1', () => 'second');
    assert.equal(a, 'first');
    assert.equal(b, 'first');
  });

  test('clients: create, get, list, update, email uniqueness', async () => {
    const c = await clients.create({ name: ' Acme ', email: 'Ops@Acme.test', quotaLimit: 5, quotaPeriod: 'day' });
    assert.equal(c.name, 'Acme');
    assert.equal(c.email, 'ops@acme.test');
    assert.deepEqual((await store.getClient(c.id))?.quotaLimit, 5);
    assert.equal((await store.getClientByEmail('ops@acme.test'))?.id, c.id);
    assert.ok((await store.listClients()).some((x) => x.id === c.id));
    await assert.rejects(clients.create({ name: 'B', email: 'ops@acme.test', quotaLimit: 1, quotaPeriod: 'day' }), ClientError);
    await clients.setBlocked(c.id, true);
    assert.equal((await store.getClient(c.id))?.blocked, true);
    await assert.rejects(clients.setBlocked('cl_missing', true), ClientError);
    await assert.rejects(clients.create({ name: ' ', quotaLimit: 1, quotaPeriod: 'day' }), ClientError);
    await assert.rejects(clients.create({ name: 'n', quotaLimit: -1, quotaPeriod: 'day' }), ClientError);
  });

  test('keys: only the hash is stored; revoke is idempotent; authentication follows the store', async () => {
    const c = await clients.create({ name: 'K', quotaLimit: 5, quotaPeriod: 'none' });
    const k = await clients.issueKey(c.id, 'ci');
    const rec = (await store.getKey(k.id))!;
    assert.notEqual(rec.tokenHash, k.token);
    assert.ok(!JSON.stringify(rec).includes(k.token));
    const auth = new Authenticator(store, signer);
    const ok = await auth.authenticate(`Bearer ${k.token}`);
    assert.equal(ok.ok, true);
    assert.ok((await store.getKey(k.id))?.lastUsedAt);
    await clients.setBlocked(c.id, true);
    assert.deepEqual(await auth.authenticate(`Bearer ${k.token}`), { ok: false, code: 'blocked' });
    await assert.rejects(clients.issueKey(c.id), ClientError);
    await clients.setBlocked(c.id, false);
    await clients.revokeKey(k.id);
    await clients.revokeKey(k.id);
    assert.deepEqual(await auth.authenticate(`Bearer ${k.token}`), { ok: false, code: 'unauthorized' });
    await assert.rejects(clients.revokeKey(k.id, 'cl_other'), ClientError);
    assert.equal((await clients.listKeys(c.id)).length, 1);
  });

  test('quota: reserve until exhausted, release gives back, commit counts usage', async () => {
    const c = await clients.create({ name: 'Q', quotaLimit: 2, quotaPeriod: 'none' });
    const q = new QuotaService(store, 'node-a');
    const r1 = (await q.reserve(c))!;
    const r2 = (await q.reserve(c))!;
    assert.ok(r1 && r2);
    assert.equal(await q.reserve(c), null);
    await q.release(r1);
    await q.release(r1); // second release is a no-op
    const r3 = (await q.reserve(c))!;
    assert.ok(r3);
    await q.commit(r2);
    await q.commit(r3);
    assert.equal(await q.reserve(c), null);
    const fresh = (await store.getClient(c.id))!;
    assert.equal(q.status(fresh).used, 2);
    assert.equal(q.status(fresh).remaining, 0);
    const usage = await store.usageByDay(c.id, '2000-01-01');
    assert.equal(usage.reduce((a, u) => a + u.count, 0), 2);
  });

  test('quota: a new day starts a fresh daily window; a monthly one resets next month', async () => {
    let now = new Date('2026-03-31T23:59:00Z');
    const q = new QuotaService(store, 'node-a', () => now);
    const daily = await clients.create({ name: 'D', quotaLimit: 1, quotaPeriod: 'day' });
    const monthly = await clients.create({ name: 'M', quotaLimit: 1, quotaPeriod: 'month' });
    await q.commit((await q.reserve(daily))!);
    await q.commit((await q.reserve(monthly))!);
    assert.equal(await q.reserve((await store.getClient(daily.id))!), null);
    assert.equal(q.status((await store.getClient(daily.id))!).resetsAt, '2026-04-01T00:00:00.000Z');
    now = new Date('2026-04-01T00:00:01Z');
    assert.equal(q.status((await store.getClient(daily.id))!).used, 0);
    assert.ok(await q.reserve((await store.getClient(daily.id))!));
    assert.ok(await q.reserve((await store.getClient(monthly.id))!)); // April is a new month too
    now = new Date('2026-04-15T10:00:00Z');
    assert.equal(await q.reserve((await store.getClient(monthly.id))!), null);
  });

  test('quota: concurrent reservations never overspend', async () => {
    const c = await clients.create({ name: 'C', quotaLimit: 20, quotaPeriod: 'month' });
    const q = new QuotaService(store, 'node-a');
    const got = await Promise.all(Array.from({ length: 60 }, () => q.reserve(c)));
    assert.equal(got.filter(Boolean).length, 20);
  });

  test('quota: stale reservations are reconciled (released) and fresh ones are kept', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const q = new QuotaService(store, 'node-dead', () => now);
    const c = await clients.create({ name: 'R', quotaLimit: 3, quotaPeriod: 'none' });
    await q.reserve(c);
    await q.reserve(c);
    now = new Date('2026-05-01T10:10:00Z');
    await q.reserve(c);
    const released = await q.reconcile(5 * 60_000);
    assert.ok(released >= 2);
    assert.equal(q.status((await store.getClient(c.id))!).used, 1);
  });

  test('set-quota with a new period kind restarts the count', async () => {
    const c = await clients.create({ name: 'P', quotaLimit: 1, quotaPeriod: 'none' });
    const q = new QuotaService(store, 'n');
    await q.commit((await q.reserve(c))!);
    const same = await clients.setQuota(c.id, 1);
    assert.equal(q.status(same).used, 1);
    const changed = await clients.setQuota(c.id, 1, 'day');
    assert.equal(q.status(changed).used, 0);
  });

  test('sessions: stored by id hash, found until deleted, expired ones swept', async () => {
    const c = await clients.create({ name: 'S', quotaLimit: 1, quotaPeriod: 'none' });
    const live = { idHash: 'a'.repeat(64), clientId: c.id, csrfToken: 'csrf-1', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-02T00:00:00.000Z' };
    const old = { ...live, idHash: 'b'.repeat(64), csrfToken: 'csrf-2', expiresAt: '2026-01-01T06:00:00.000Z' };
    await store.createSession(live);
    await store.createSession(old);
    assert.deepEqual(await store.getSession(live.idHash), live);
    assert.equal(await store.getSession('c'.repeat(64)), undefined);
    await assert.rejects(store.createSession(live), 'a session id hash is unique');
    assert.equal(await store.deleteExpiredSessions('2026-01-01T12:00:00.000Z'), 1);
    assert.equal(await store.getSession(old.idHash), undefined);
    assert.ok(await store.getSession(live.idHash));
    assert.equal(await store.deleteSession(live.idHash), true);
    assert.equal(await store.deleteSession(live.idHash), false);
    assert.equal(await store.getSession(live.idHash), undefined);
  });

  test('login attempts: counted per bucket over a window, deleted by id, cleared, pruned', async () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m)).toISOString();
    await store.addLoginAttempts([
      { id: 'la1', bucket: 'email:x@y.test', at: at(0) },
      { id: 'la2', bucket: 'email:x@y.test', at: at(5) },
      { id: 'la3', bucket: 'ip:10.0.0.1', at: at(5) },
      { id: 'la4', bucket: 'email:x@y.test', at: at(10) },
    ]);
    await store.addLoginAttempts([]);
    assert.equal(await store.countLoginAttempts('email:x@y.test', at(0)), 3);
    assert.equal(await store.countLoginAttempts('email:x@y.test', at(1)), 2);
    assert.equal(await store.countLoginAttempts('ip:10.0.0.1', at(0)), 1);
    assert.equal(await store.countLoginAttempts('email:other@y.test', at(0)), 0);
    await store.deleteLoginAttempts(['la4']);
    assert.equal(await store.countLoginAttempts('email:x@y.test', at(0)), 2);
    assert.equal(await store.pruneLoginAttempts(at(3)), 1);
    assert.equal(await store.countLoginAttempts('email:x@y.test', at(0)), 1);
    await store.clearLoginAttempts('email:x@y.test');
    assert.equal(await store.countLoginAttempts('email:x@y.test', at(0)), 0);
    assert.equal(await store.countLoginAttempts('ip:10.0.0.1', at(0)), 1);
  });
}
