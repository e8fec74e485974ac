import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { buildApp } from '../../src/http/app.js';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  /** A client with `quota` requests per `period` and one key; returns ids and the token. */
  newClient(opts?: { quota?: number; period?: 'none' | 'day' | 'month' }): Promise<{ clientId: string; keyId: string; token: string }>;
  close(): Promise<void>;
}

/** The real app over real sockets on 127.0.0.1, with a real store (SQLite in a temp dir, or PostgreSQL). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meter-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, WORKERS: '1', LOG_LEVEL: 'silent', ...env });
  const services = await createServices(config);
  const app = await buildApp(services, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await services.recognition.warmup();
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services,
    dataDir,
    async newClient(opts = {}) {
      const c = await services.clients.create({
        name: 'test client',
        quotaLimit: opts.quota ?? 1000,
        quotaPeriod: opts.period ?? 'month',
      });
      const k = await services.clients.issueKey(c.id, 'test');
      return { clientId: c.id, keyId: k.id, token: k.token };
    },
    async close() {
      await app.close();
      await services.recognition.close();
      await services.store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Upload {
  token?: string;
  field?: string;
  bytes?: Uint8Array;
  filename?: string;
  mimetype?: string;
}

/** POSTs a real multipart form to /api/meters/analyze. */
export async function analyze(base: string, u: Upload): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  if (u.bytes) {
    form.append(u.field ?? 'image', new Blob([new Uint8Array(u.bytes)], { type: u.mimetype ?? 'image/jpeg' }), u.filename ?? 'photo.jpg');
  }
  const headers: Record<string, string> = {};
  if (u.token !== undefined) headers.authorization = `Bearer ${u.token}`;
  const res = await fetch(`${base}/api/meters/analyze`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

export async function healthy(base: string): Promise<boolean> {
  const res = await fetch(`${base}/healthz`);
  return res.status === 200;
}
