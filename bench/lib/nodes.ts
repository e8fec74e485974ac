// Spawns real service nodes (dist/src/server.js) as separate processes on loopback ports, for the
// cluster tests and the load/fuzz benches.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_JS = fileURLToPath(new URL('../../src/server.js', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  readonly proc: ChildProcess;
  /** Last lines the node wrote (stdout and stderr), for failure messages. */
  logTail(): string;
  /** Resident set size of the node process (its worker threads included), in bytes; 0 once gone. */
  rss(): number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  name?: string;
  env?: Record<string, string | undefined>;
  /** Wait for /readyz 200 (models loaded, store reachable); default true. */
  waitReady?: boolean;
  readyTimeoutMs?: number;
}

/** Starts one node process; by default resolves once it answers /readyz with 200. */
export async function startNode(opts: StartOptions = {}): Promise<NodeProcess> {
  const port = await freePort();
  const name = opts.name ?? `node-${port}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: process.env.DATA_DIR,
    ...opts.env,
  };
  const proc = spawn(process.execPath, [SERVER_JS], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (b: Buffer) => {
    lines.push(...b.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const node: NodeProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    exited,
    logTail: () => lines.join('\n'),
    rss: () => (running && proc.pid ? rssOf(proc.pid) : 0),
    isRunning: () => running,
    async kill(signal = 'SIGTERM') {
      if (!running) return;
      proc.kill(signal);
      await exited;
    },
  };
  if (opts.waitReady !== false) {
    try {
      await waitReady(node, opts.readyTimeoutMs ?? 90_000);
    } catch (err) {
      await node.kill('SIGKILL');
      throw err;
    }
  }
  return node;
}

/** Polls /readyz until 200; fails early if the process exits. */
export async function waitReady(node: NodeProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!node.isRunning()) throw new Error(`${node.name} exited before it was ready:\n${node.logTail()}`);
    const status = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(150);
  }
  throw new Error(`${node.name} not ready after ${timeoutMs} ms:\n${node.logTail()}`);
}

export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples each node's RSS every `everyMs` and keeps the peak. */
export function trackPeakRss(nodes: NodeProcess[], everyMs = 250): { peak: Map<string, number>; stop(): void } {
  const peak = new Map(nodes.map((n) => [n.name, n.rss()]));
  const timer = setInterval(() => {
    for (const n of nodes) peak.set(n.name, Math.max(peak.get(n.name) ?? 0, n.rss()));
  }, everyMs);
  return { peak, stop: () => clearInterval(timer) };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
