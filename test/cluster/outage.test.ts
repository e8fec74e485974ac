// A node whose PostgreSQL becomes unreachable answers 500/503 (and /readyz 503) during the outage, keeps
// running, and serves again by itself once the database is back. The outage is a TCP proxy being cut;
// the real database server is never touched.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';
import { startNode, sleep, type NodeProcess } from '../../bench/lib/nodes.js';
import { PG_SKIP, countBy, eventually, startCluster, type Cluster } from './cluster.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

describe('PostgreSQL outage seen by one node', { skip: PG_SKIP }, () => {
  let cluster: Cluster;
  let proxy: TcpProxy;
  let node: NodeProcess;

  before(async () => {
    cluster = await startCluster(0);
    const target = new URL(cluster.dbUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(cluster.dbUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    node = await startNode({
      name: 'proxied',
      env: {
        DATABASE_URL: viaProxy.toString(),
        RESERVATION_STALE_MS: '3000',
        RECONCILE_INTERVAL_MS: '500',
        RECOGNITION_TIMEOUT_MS: '2000',
      },
    });
  });
  after(async () => {
    await node?.kill('SIGTERM');
    await proxy?.close();
    await cluster?.close();
  });

  test('errors during the outage, no crash, recovery without a restart, no unit lost', async (t) => {
    const png = await plainPng(64, 64);
    const { clientId, token } = await cluster.newClient(1000);
    const pid = node.proc.pid;
    let received200 = 0;
    const call = async () => {
      const r = await analyze(node.url, { token, bytes: png });
      if (r.status === 200) received200++;
      return r;
    };
    assert.equal((await call()).status, 200);

    // Requests in flight while the connections drop, then requests during the outage.
    const inFlight = Array.from({ length: 4 }, () => call());
    await sleep(20);
    proxy.cut();
    const during = [...(await Promise.all(inFlight)), ...(await Promise.all(Array.from({ length: 6 }, () => call())))];
    const ready = await fetch(`${node.url}/readyz`);
    assert.equal(ready.status, 503);
    assert.equal((await ready.json()).store, false);
    assert.equal((await fetch(`${node.url}/healthz`)).status, 200);
    const duringStatuses = countBy(during, (r) => r.status);
    const outageOnly = during.slice(inFlight.length);
    assert.ok(outageOnly.every((r) => r.status === 500 || r.status === 503), JSON.stringify(duringStatuses));
    for (const r of outageOnly) assert.equal(typeof r.body.error, 'string');

    await sleep(1000);
    assert.ok(node.isRunning(), `the node survived the outage:\n${node.logTail()}`);
    proxy.restore();
    const recovered = await eventually(async () => (await call()).status === 200, 20_000, 250);
    assert.ok(recovered, `the node serves again after the outage:\n${node.logTail()}`);
    assert.equal((await fetch(`${node.url}/readyz`)).status, 200);
    assert.equal(node.proc.pid, pid);

    // Units reserved before the cut whose release failed during it are reconciled afterwards.
    assert.ok(await eventually(async () => (await cluster.accounting(clientId)).reserved === 0, 15_000));
    const acc = await cluster.accounting(clientId);
    t.diagnostic(`during the outage: ${JSON.stringify(duringStatuses)}; 200s received ${received200}, committed ${acc.committed}`);
    assert.deepEqual(acc, { used: received200, committed: received200, reserved: 0 });
  });
});
