import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const DIST = resolve(ROOT, 'dist/src');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's compiled CLIs to completion. */
export function runCli(script: string, args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [resolve(DIST, script), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(stdin ?? '');
    child.on('close', (code) => res({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [resolve(DIST, 'server.js')], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Polls until `check` resolves true (e.g. the server answers /readyz). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
