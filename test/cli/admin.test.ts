import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/process.js';
import { startTestApp, analyze } from '../helpers/app.js';
import { plainPng } from '../helpers/images.js';

const dir = mkdtempSync(join(tmpdir(), 'meter-admin-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const env = { DATA_DIR: dir };
const admin = async (...args: string[]) => {
  const r = await runCli('cli/admin.js', args, env);
  return { ...r, json: r.code === 0 ? JSON.parse(r.stdout) : undefined };
};

test('client and key lifecycle through the admin CLI, each command printing one JSON object', async () => {
  const created = await admin('client', 'create', '--name', 'Housing Co', '--quota', '3', '--period', 'day');
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stdout.trim().split('\n').length, 1);
  const id = created.json.id as string;
  assert.match(id, /^cl_/);

  const list = await admin('client', 'list');
  assert.ok(list.json.clients.some((c: { id: string }) => c.id === id));

  const issued = await admin('key', 'issue', id, '--label', 'billing');
  assert.equal(issued.code, 0, issued.stderr);
  assert.equal(issued.json.label, 'billing');
  const token = issued.json.token as string;
  assert.equal(token.split('.').length, 3);

  const shown = await admin('client', 'show', id);
  assert.deepEqual(
    { limit: shown.json.quota.limit, period: shown.json.quota.period, used: shown.json.quota.used, blocked: shown.json.blocked },
    { limit: 3, period: 'day', used: 0, blocked: false },
  );
  assert.equal(shown.json.keys.length, 1);
  assert.ok(!shown.stdout.includes(token), 'a token is shown only when issued');
  assert.ok(!(await admin('key', 'list', id)).stdout.includes(token));

  // the CLI's key works against the server on the same DATA_DIR
  const app = await startTestApp({ DATA_DIR: dir });
  try {
    assert.equal((await analyze(app.url, { token, bytes: await plainPng() })).status, 200);
    assert.equal((await admin('client', 'block', id)).json.blocked, true);
    assert.equal((await analyze(app.url, { token, bytes: await plainPng() })).status, 403);
    assert.equal((await admin('client', 'unblock', id)).json.blocked, false);
    const q = await admin('client', 'set-quota', id, '1');
    assert.equal(q.json.quota.limit, 1);
    assert.equal(q.json.quota.used, 1);
    assert.equal((await analyze(app.url, { token, bytes: await plainPng() })).status, 402);
    const revoked = await admin('key', 'revoke', issued.json.id);
    assert.equal(revoked.json.revoked, true);
    assert.equal((await analyze(app.url, { token, bytes: await plainPng() })).status, 401);
  } finally {
    await app.services.store.close().catch(() => {});
    await app.app.close();
    await app.services.recognition.close();
  }
});

test('errors: non-zero exit, message on stderr, nothing on stdout', async () => {
  const cases: [string[], number, RegExp][] = [
    [['client', 'show', 'cl_missing'], 1, /not found/],
    [['client', 'create'], 2, /--name is required/],
    [['client', 'create', '--name', 'x', '--quota', '-5'], 2, /needs a value|non-negative/],
    [['client', 'create', '--name', 'x', '--period', 'week'], 2, /period/],
    [['client', 'set-quota', 'cl_missing', 'abc'], 2, /non-negative integer/],
    [['key', 'revoke', 'key_missing'], 1, /not found/],
    [['frobnicate'], 2, /unknown command/],
  ];
  for (const [args, code, msg] of cases) {
    const r = await admin(...args);
    assert.equal(r.code, code, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, msg);
    assert.equal(r.stdout, '');
  }
});

test('passwords from stdin are stored hashed', async () => {
  const r = await runCli('cli/admin.js', ['client', 'create', '--name', 'P', '--email', 'p@example.test', '--password-stdin'], env, 'correct horse battery\n');
  assert.equal(r.code, 0, r.stderr);
  const short = await runCli('cli/admin.js', ['client', 'set-password', JSON.parse(r.stdout).id], env, 'short\n');
  assert.equal(short.code, 2);
  assert.match(short.stderr, /at least 8/);
});
