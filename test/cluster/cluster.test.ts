// Three node processes on one PostgreSQL database behave as one service: migrations started at once,
// keys, revocations, blocks and quota changes seen by every node, and a quota never overspent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import pg from 'pg';
import { analyze } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';
import { createTempDatabase } from '../helpers/pg.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { PG_SKIP, adminCli, countBy, eventually, startCluster, type Cluster } from './cluster.js';

describe('cluster of three nodes on one PostgreSQL', { skip: PG_SKIP }, () => {
  let cluster: Cluster;
  let png: Buffer;

  before(async () => {
    png = await plainPng(48, 48);
    // QUEUE_LIMIT is raised so that parallel bursts here are never shed with 503.
    cluster = await startCluster(3, () => ({ QUEUE_LIMIT: '64' }));
  });
  after(async () => {
    await cluster?.close();
  });

  const everyNode = (token: string) => Promise.all(cluster.nodes.map((n) => analyze(n.url, { token, bytes: png })));

  test('nodes started at once migrated one schema and share one signing secret', async () => {
    const c = new pg.Client({ connectionString: cluster.dbUrl });
    await c.connect();
    try {
      const migrations = await c.query('select name from kysely_migration order by name');
      const names = migrations.rows.map((r) => r.name as string);
      assert.ok(names.length >= 1);
      assert.deepEqual(names, [...new Set(names)], 'no migration recorded twice');
      const secrets = await c.query(`select value from settings where key = 'jwt_secret'`);
      assert.equal(secrets.rows.length, 1);
    } finally {
      await c.end();
    }
  });

  test('concurrent migrate() and ensureSetting() on an empty database agree on one value', async () => {
    const db = await createTempDatabase();
    const stores = Array.from({ length: 4 }, () => openPostgresStore(db.url, 2));
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      let made = 0;
      const values = await Promise.all(stores.map((s, i) => s.ensureSetting('race', () => `v${i}-${++made}`)));
      assert.equal(new Set(values).size, 1, `all saw one value: ${values.join(', ')}`);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await db.drop();
    }
  });

  test('a key issued with the admin CLI works on every node', async () => {
    const client = await adminCli(cluster.dbUrl, 'client', 'create', '--name', 'cli client', '--quota', '10', '--period', 'none');
    const key = await adminCli(cluster.dbUrl, 'key', 'issue', client.id);
    const res = await everyNode(key.token);
    assert.deepEqual(res.map((r) => r.status), [200, 200, 200]);
    assert.equal(res[0].body.success, false, 'a blank image holds no meter');
  });

  test('parallel load on all nodes never overspends the quota', async () => {
    const quota = 25;
    const perNode = 15;
    const { clientId, token } = await cluster.newClient(quota);
    const all = await Promise.all(
      cluster.nodes.flatMap((n) => Array.from({ length: perNode }, () => analyze(n.url, { token, bytes: png }))),
    );
    const statuses = countBy(all, (r) => r.status);
    assert.deepEqual(statuses, { 200: quota, 402: 3 * perNode - quota }, JSON.stringify(statuses));
    for (const r of all.filter((x) => x.status === 402)) assert.equal(r.body.error, 'Payment required');
    assert.deepEqual(await cluster.accounting(clientId), { used: quota, committed: quota, reserved: 0 });
  });

  test('clients that hang up mid-upload are not charged, however early they leave', async () => {
    const { clientId, token } = await cluster.newClient(1000);
    const head = (port: number) =>
      `POST /api/meters/analyze HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=X\r\nContent-Length: 5000\r\n\r\n--X\r\n`;
    // Hang up after 0..290 ms: some leave while the node still checks the key and reserves, others later.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const node = cluster.nodes[i % cluster.nodes.length];
        return new Promise<void>((resolve) => {
          const socket = connect(node.port, '127.0.0.1', () => {
            socket.write(head(node.port));
            setTimeout(() => socket.destroy(), i * 10);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => {});
        });
      }),
    );
    // Long before any reconciliation (its default age is minutes), nothing stays reserved.
    const settled = await eventually(async () => (await cluster.accounting(clientId)).used === 0, 5000);
    assert.ok(settled, JSON.stringify(await cluster.accounting(clientId)));
    assert.deepEqual(await cluster.accounting(clientId), { used: 0, committed: 0, reserved: 0 });
  });

  test('a revocation applies to the next request on every node', async () => {
    const { keyId, token } = await cluster.newClient(100);
    assert.deepEqual((await everyNode(token)).map((r) => r.status), [200, 200, 200]);
    await adminCli(cluster.dbUrl, 'key', 'revoke', keyId);
    const res = await everyNode(token);
    assert.deepEqual(res.map((r) => [r.status, r.body.error]), Array(3).fill([401, 'Unauthorized']));
  });

  test('a block and an unblock apply to the next request on every node', async () => {
    const { clientId, token } = await cluster.newClient(100);
    await adminCli(cluster.dbUrl, 'client', 'block', clientId);
    const blocked = await everyNode(token);
    assert.deepEqual(blocked.map((r) => [r.status, r.body.error]), Array(3).fill([403, 'Client blocked']));
    await adminCli(cluster.dbUrl, 'client', 'unblock', clientId);
    assert.deepEqual((await everyNode(token)).map((r) => r.status), [200, 200, 200]);
  });

  test('a quota change applies to the next request on every node', async () => {
    const { clientId, token } = await cluster.newClient(100);
    assert.deepEqual((await everyNode(token)).map((r) => r.status), [200, 200, 200]);
    await adminCli(cluster.dbUrl, 'client', 'set-quota', clientId, '3');
    const exhausted = await everyNode(token);
    assert.deepEqual(exhausted.map((r) => [r.status, r.body.error]), Array(3).fill([402, 'Payment required']));
    await adminCli(cluster.dbUrl, 'client', 'set-quota', clientId, '4');
    const one = await everyNode(token);
    assert.deepEqual(countBy(one, (r) => r.status), { 200: 1, 402: 2 });
    assert.deepEqual(await cluster.accounting(clientId), { used: 4, committed: 4, reserved: 0 });
  });
});
