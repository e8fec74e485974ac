// Quota, block and revocation over real HTTP, on SQLite and (when DATABASE_URL is set) PostgreSQL.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, analyze, type TestApp } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';
import { storeBackends } from '../helpers/backends.js';


for (const backend of storeBackends) {
  describe(`access control on ${backend.name}`, { skip: backend.skip }, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | undefined;
    let png: Buffer;

    before(async () => {
      const e = await backend.env();
      drop = e.drop;
      t = await startTestApp({ ...e.env, QUEUE_LIMIT: '200' });
      png = await plainPng(48, 48);
    });
    after(async () => {
      await t.close();
      await drop?.();
    });

    test('quota exhaustion: 402 Payment required once used up, 4xx consume nothing', async () => {
      const { token } = await t.newClient({ quota: 2 });
      assert.equal((await analyze(t.url, { token, bytes: Buffer.from('nope') })).status, 400);
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
      const r = await analyze(t.url, { token, bytes: png });
      assert.equal(r.status, 402);
      assert.deepEqual(r.body, { error: 'Payment required' });
    });

    test('50 parallel requests against a quota of 20: exactly 20 served, 30 refused with 402', async () => {
      const { token, clientId } = await t.newClient({ quota: 20 });
      const results = await Promise.all(Array.from({ length: 50 }, () => analyze(t.url, { token, bytes: png })));
      const by = (s: number) => results.filter((r) => r.status === s).length;
      assert.equal(by(200), 20, `statuses: ${results.map((r) => r.status).join(',')}`);
      assert.equal(by(402), 30);
      const client = (await t.services.store.getClient(clientId))!;
      assert.equal(t.services.quota.status(client).used, 20);
      const usage = await t.services.store.usageByDay(clientId, '2000-01-01');
      assert.equal(usage.reduce((a, u) => a + u.count, 0), 20);
    });

    test('raising the quota lets the client in again on the next request', async () => {
      const { token, clientId } = await t.newClient({ quota: 1 });
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 402);
      await t.services.clients.setQuota(clientId, 2);
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
    });

    test('block and unblock take effect on the next request; 403 wins over 402', async () => {
      const { token, clientId } = await t.newClient({ quota: 0 });
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 402);
      await t.services.clients.setBlocked(clientId, true);
      const r = await analyze(t.url, { token, bytes: png });
      assert.equal(r.status, 403);
      assert.deepEqual(r.body, { error: 'Client blocked' });
      await t.services.clients.setBlocked(clientId, false);
      await t.services.clients.setQuota(clientId, 5);
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
    });

    test('check order: 401 before 403 before 402 before 400', async () => {
      const { token, clientId } = await t.newClient({ quota: 0 });
      // bad body + exhausted quota → 402 (the body is never looked at)
      assert.equal((await analyze(t.url, { token, field: 'x', bytes: png })).status, 402);
      await t.services.clients.setBlocked(clientId, true);
      assert.equal((await analyze(t.url, { token, field: 'x', bytes: png })).status, 403);
      assert.equal((await analyze(t.url, { token: token + 'x', field: 'x', bytes: png })).status, 401);
    });

    test('a revoked key gets 401 on the very next request; other keys keep working', async () => {
      const { token, keyId, clientId } = await t.newClient({ quota: 10 });
      const second = await t.services.clients.issueKey(clientId, 'second');
      assert.equal((await analyze(t.url, { token, bytes: png })).status, 200);
      await t.services.clients.revokeKey(keyId);
      const r = await analyze(t.url, { token, bytes: png });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { error: 'Unauthorized' });
      assert.equal((await analyze(t.url, { token: second.token, bytes: png })).status, 200);
    });
  });
}
