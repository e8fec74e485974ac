// Shared pieces of the multi-node tests: N real node processes on one temporary PostgreSQL database,
// an operator's view of the same database, and the raw accounting rows to check against.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNode, type NodeProcess } from '../../bench/lib/nodes.js';
import { createTempDatabase } from '../helpers/pg.js';
import { loadConfig } from '../../src/config/config.js';
import { createCoreServices } from '../../src/services.js';

export { PG_SKIP } from '../helpers/pg.js';

type Core = Awaited<ReturnType<typeof createCoreServices>>;

export interface Cluster {
  dbUrl: string;
  nodes: NodeProcess[];
  /** Store-backed services in the test process, as the admin CLI would use them. */
  core: Core;
  newClient(quota: number): Promise<{ clientId: string; keyId: string; token: string }>;
  accounting(clientId: string): Promise<Accounting>;
  close(): Promise<void>;
}

export interface Accounting {
  /** clients.used: committed plus still-reserved units. */
  used: number;
  /** Sum of usage_daily: committed units. */
  committed: number;
  /** Rows in quota_reservations. */
  reserved: number;
}

/**
 * Starts `n` nodes at the same moment on one fresh database (so their migrations race), each with
 * WORKERS=1 on its own loopback port. `nodeEnv(i)` adds per-node settings.
 */
export async function startCluster(n: number, nodeEnv: (i: number, dbUrl: string) => Record<string, string> = () => ({})): Promise<Cluster> {
  const db = await createTempDatabase();
  const started = await Promise.allSettled(
    Array.from({ length: n }, (_, i) =>
      startNode({ name: `node${i + 1}`, env: { DATABASE_URL: db.url, ...nodeEnv(i, db.url) } }),
    ),
  );
  const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(nodes.map((x) => x.kill('SIGKILL')));
    await db.drop();
    throw failed.reason;
  }
  const core = await createCoreServices(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  return {
    dbUrl: db.url,
    nodes,
    core,
    async newClient(quota) {
      const c = await core.clients.create({ name: 'cluster test', quotaLimit: quota, quotaPeriod: 'none' });
      const k = await core.clients.issueKey(c.id, 'cluster');
      return { clientId: c.id, keyId: k.id, token: k.token };
    },
    async accounting(clientId) {
      const one = async (q: string) => Number((await pool.query(q, [clientId])).rows[0]?.n ?? 0);
      return {
        used: await one('select used as n from clients where id = $1'),
        committed: await one('select coalesce(sum(count), 0) as n from usage_daily where client_id = $1'),
        reserved: await one('select count(*) as n from quota_reservations where client_id = $1'),
      };
    },
    async close() {
      await Promise.all(nodes.map((x) => x.kill('SIGTERM')));
      await pool.end();
      await core.store.close();
      await db.drop();
    },
  };
}

const ADMIN_JS = fileURLToPath(new URL('../../src/cli/admin.js', import.meta.url));

/** Runs the real admin CLI against `dbUrl`; returns its parsed JSON output. */
export async function adminCli(dbUrl: string, ...args: string[]): Promise<any> {
  const proc = spawn(process.execPath, [ADMIN_JS, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (b: Buffer) => (out += b));
  proc.stderr.on('data', (b: Buffer) => (err += b));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited ${code}: ${err}`);
  return JSON.parse(out);
}

/** Runs `total` calls of `task` with at most `concurrency` at once; returns results in call order. */
export async function runConcurrently<T>(total: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

export function countBy<T>(items: T[], key: (t: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) out[String(key(it))] = (out[String(key(it))] ?? 0) + 1;
  return out;
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns the last answer. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
