// Bench fixture: N nodes on one temporary database (PostgreSQL when DATABASE_URL is set, else one node
// on a temporary SQLite directory), and one client with a key, made through the store like the admin CLI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { createCoreServices } from '../../src/services.js';
import { createTempDatabase } from '../../test/helpers/pg.js';
import { startNode, type NodeProcess } from './nodes.js';

export interface BenchCluster {
  store: string;
  nodes: NodeProcess[];
  token: string;
  clientId: string;
  /** used, committed and reserved units of the bench client, read from the store. */
  accounting(): Promise<{ used: number; committed: number; reserved: number }>;
  close(): Promise<void>;
}

export async function startBenchCluster(nodeCount: number, env: Record<string, string>): Promise<BenchCluster> {
  let drop = async () => {};
  let storeEnv: Record<string, string>;
  let store: string;
  if (process.env.DATABASE_URL) {
    const db = await createTempDatabase();
    drop = db.drop;
    storeEnv = { DATABASE_URL: db.url };
    store = `PostgreSQL (temporary database on ${new URL(db.url).host})`;
  } else {
    if (nodeCount > 1) console.log('DATABASE_URL is not set: running 1 node on SQLite instead of', nodeCount);
    nodeCount = 1;
    const dir = mkdtempSync(join(tmpdir(), 'meter-bench-'));
    drop = async () => rmSync(dir, { recursive: true, force: true });
    storeEnv = { DATA_DIR: dir };
    store = 'SQLite (temporary directory)';
  }
  const core = await createCoreServices(loadConfig({ ...storeEnv, LOG_LEVEL: 'silent' }));
  const nodes = await Promise.all(
    Array.from({ length: nodeCount }, (_, i) => startNode({ name: `node${i + 1}`, env: { ...storeEnv, ...env } })),
  );
  const client = await core.clients.create({ name: 'bench', quotaLimit: 10_000_000, quotaPeriod: 'none' });
  const key = await core.clients.issueKey(client.id, 'bench');
  return {
    store,
    nodes,
    token: key.token,
    clientId: client.id,
    async accounting() {
      const c = await core.store.getClient(client.id);
      const committed = (await core.store.usageByDay(client.id, '0000-00-00')).reduce((a, r) => a + r.count, 0);
      const reserved = (await core.store.staleReservations('9999')).filter((r) => r.clientId === client.id).length;
      return { used: c?.used ?? 0, committed, reserved };
    },
    async close() {
      await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
      await core.store.close();
      await drop();
    },
  };
}
