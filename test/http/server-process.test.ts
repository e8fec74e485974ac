// The real server process: HTTPS with a self-signed pair, health endpoints, config errors, SIGTERM drain.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer, waitFor } from '../helpers/process.js';
import { plainPng } from '../helpers/images.js';

const dir = mkdtempSync(join(tmpdir(), 'meter-proc-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function httpsGet(port: number, path: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((res, rej) => {
    https
      .get({ host: '127.0.0.1', port, path, ca }, (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => res({ status: r.statusCode ?? 0, body }));
      })
      .on('error', rej);
  });
}

test('invalid configuration stops the server with a clear message', async () => {
  const r = await runCli('server.js', [], { PORT: 'not-a-port', DATA_DIR: join(dir, 'bad'), TLS_CERT: '/x' });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /invalid configuration/);
  assert.match(r.stderr, /PORT/);
  assert.match(r.stderr, /TLS_CERT and TLS_KEY must be set together/);
});

test('HTTPS with TLS_CERT/TLS_KEY: health, readiness, metrics, OpenAPI', async () => {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' });
  const ca = readFileSync(cert);
  const port = await freePort();
  const s = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'tls'), TLS_CERT: cert, TLS_KEY: key });
  try {
    await waitFor(async () => (await httpsGet(port, '/readyz', ca)).status === 200);
    assert.deepEqual(JSON.parse((await httpsGet(port, '/healthz', ca)).body), { status: 'ok' });
    const ready = JSON.parse((await httpsGet(port, '/readyz', ca)).body);
    assert.equal(ready.models, true);
    assert.equal(ready.store, true);
    const metrics = (await httpsGet(port, '/metrics', ca)).body;
    for (const name of ['http_requests_total', 'recognition_duration_seconds_bucket', 'recognition_queue_depth']) {
      assert.ok(metrics.includes(name), `metrics lack ${name}`);
    }
    const doc = JSON.parse((await httpsGet(port, '/openapi.json', ca)).body);
    assert.ok(doc.paths['/api/meters/analyze'].post.responses['402']);
    // plain HTTP to the TLS port does not get through
    await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.json()));
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
  }
});

test('SIGTERM drains an in-flight upload, then exits 0', async () => {
  const dataDir = join(dir, 'drain');
  const env = { DATA_DIR: dataDir };
  const client = JSON.parse((await runCli('cli/admin.js', ['client', 'create', '--name', 'drain', '--quota', '5'], env)).stdout);
  const { token } = JSON.parse((await runCli('cli/admin.js', ['key', 'issue', client.id], env)).stdout);
  const port = await freePort();
  const s = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);

  const png = await plainPng(40, 40);
  const boundary = 'drainboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, png, tail]);
  const response = new Promise<{ status: number; body: string }>((res, rej) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/meters/analyze',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
    });
    req.on('response', (r) => {
      let b = '';
      r.on('data', (d) => (b += d));
      r.on('end', () => res({ status: r.statusCode ?? 0, body: b }));
    });
    req.on('error', rej);
    req.write(body.subarray(0, 50));
    setTimeout(() => {
      s.child.kill('SIGTERM');
      setTimeout(() => req.end(body.subarray(50)), 300);
    }, 300);
  });
  const r = await response;
  assert.equal(r.status, 200, r.body);
  assert.equal(JSON.parse(r.body).success, false);
  assert.equal(await s.exited, 0);
  const shown = JSON.parse((await runCli('cli/admin.js', ['client', 'show', client.id], env)).stdout);
  assert.equal(shown.quota.used, 1);
});
