/** Starts the repository's real server (dist/src/server.js) on a free port with a temporary DATA_DIR. */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** packages/client/dist/test/helpers → repository root. */
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** The root build output; METER_SERVER_DIST points elsewhere (e.g. a private tsc --outDir). */
export const SERVER_DIST = process.env.METER_SERVER_DIST ?? join(REPO_ROOT, 'dist');
export const SERVER_JS = join(SERVER_DIST, 'src', 'server.js');
export const ADMIN_JS = join(SERVER_DIST, 'src', 'cli', 'admin.js');

export function realServerMissing(): string | false {
  if (existsSync(SERVER_JS) && existsSync(ADMIN_JS)) return false;
  return `real server not built (${SERVER_JS} or ${ADMIN_JS} missing): run "npm run build" at the repository root`;
}

export interface RealServer {
  baseUrl: string;
  /** Runs the admin CLI against the same DATA_DIR and returns its JSON output. */
  admin(...args: string[]): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRealServer(): Promise<RealServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'meter-client-it-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'client-integration-test-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
  };
  delete env.DATABASE_URL; // always the SQLite store in the temporary DATA_DIR
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not listen on ${port} within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async admin(...args) {
      const { stdout } = await execFileAsync(process.execPath, [ADMIN_JS, ...args], { env });
      return JSON.parse(stdout) as Record<string, unknown>;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
