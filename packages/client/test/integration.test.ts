/**
 * The client against the repository's real server over real HTTP: real multipart parsing, real
 * key checks, real quota and blocking, and the real recognition pipeline decoding a generated PNG.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  METER_TYPES,
  MeterApiError,
  MeterBadRequestError,
  MeterClient,
  MeterClientBlockedError,
  MeterPaymentRequiredError,
  MeterUnauthorizedError,
  type AnalyzeResult,
} from '../src/index.js';
import { encodePng } from './helpers/png.js';
import { realServerMissing, startRealServer, type RealServer } from './helpers/real-server.js';

const execFileAsync = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));

/** A 320x240 photo-sized image: a light panel with dark bars, decodable by any PNG reader. */
const PHOTO = encodePng(320, 240, (x, y) => {
  const bar = y > 100 && y < 140 && x > 40 && x < 280 && Math.floor(x / 20) % 2 === 0;
  const v = bar ? 30 : 200 + ((x + y) % 40);
  return [v, v, v];
});

function assertAnalyzeResult(result: AnalyzeResult): void {
  if (result.success) {
    assert.ok(METER_TYPES.includes(result.meter.type), `meter type ${result.meter.type}`);
    assert.equal(typeof result.meter.serialNumber, 'string');
    assert.ok(result.meter.currentReading === null || typeof result.meter.currentReading === 'number');
    assert.ok(result.meter.tariffCount === null || typeof result.meter.tariffCount === 'number');
  } else {
    assert.equal(typeof result.error, 'string');
    assert.ok(result.error.length > 0);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected the request to be rejected'),
    (e: unknown) => e,
  );
}

function assertApiError(error: unknown, ErrorClass: Function, status: number, message: string): void {
  assert.ok(error instanceof ErrorClass, `expected ${ErrorClass.name}, got ${String(error)}`);
  assert.ok(error instanceof MeterApiError);
  assert.equal(error.status, status);
  assert.equal(error.message, message);
  assert.deepEqual(JSON.parse(error.body), { error: message });
  assert.ok(typeof error.requestId === 'string' && error.requestId.length > 0, 'x-request-id is surfaced');
}

const missing = realServerMissing();

describe('MeterClient against the real server', { skip: missing, timeout: 180_000 }, () => {
  let server: RealServer;
  let workDir: string;

  async function newKey(quota: number): Promise<{ clientId: string; token: string }> {
    const created = await server.admin('client', 'create', '--name', `it-${quota}-${Date.now()}`, '--quota', String(quota));
    const clientId = String(created.id);
    const key = await server.admin('key', 'issue', clientId);
    assert.equal(typeof key.token, 'string');
    return { clientId, token: String(key.token) };
  }

  before(async () => {
    server = await startRealServer();
    workDir = await mkdtemp(join(tmpdir(), 'meter-client-cli-'));
  });

  after(async () => {
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  test('a generated PNG is processed: 200 with the documented envelope (success or success:false)', async () => {
    const { token } = await newKey(10);
    const client = new MeterClient({ baseUrl: server.baseUrl, apiKey: token, timeoutMs: 90_000 });
    assertAnalyzeResult(await client.analyze(PHOTO));
    assertAnalyzeResult(await client.analyze(new Blob([new Uint8Array(PHOTO)], { type: 'image/png' })));
  });

  test('bytes that are not an image: 400 No file uploaded', async () => {
    const { token } = await newKey(10);
    const client = new MeterClient({ baseUrl: server.baseUrl, apiKey: token });
    const error = await rejection(client.analyze(new TextEncoder().encode('this is not a photo of a meter')));
    assertApiError(error, MeterBadRequestError, 400, 'No file uploaded');
  });

  test('a wrong key: 401 Unauthorized, not retried', async () => {
    let retried = false;
    const client = new MeterClient({ baseUrl: server.baseUrl, apiKey: 'eyJhbGciOiJIUzI1NiJ9.e30.bad', onRetry: () => (retried = true) });
    assertApiError(await rejection(client.analyze(PHOTO)), MeterUnauthorizedError, 401, 'Unauthorized');
    assert.equal(retried, false);
  });

  test('quota of 1 used up: 402 Payment required', async () => {
    const { token } = await newKey(1);
    const client = new MeterClient({ baseUrl: server.baseUrl, apiKey: token, timeoutMs: 90_000 });
    assertAnalyzeResult(await client.analyze(PHOTO));
    assertApiError(await rejection(client.analyze(PHOTO)), MeterPaymentRequiredError, 402, 'Payment required');
  });

  test('blocked client: 403 Client blocked', async () => {
    const { clientId, token } = await newKey(10);
    await server.admin('client', 'block', clientId);
    const client = new MeterClient({ baseUrl: server.baseUrl, apiKey: token });
    assertApiError(await rejection(client.analyze(PHOTO)), MeterClientBlockedError, 403, 'Client blocked');
  });

  test('the CLI prints the JSON result, and fails with the message on stderr', async () => {
    const { token } = await newKey(10);
    const photoPath = join(workDir, 'meter.png');
    await writeFile(photoPath, PHOTO);
    const env = { ...process.env, METER_API_URL: server.baseUrl, METER_API_KEY: token };
    const ok = await execFileAsync(process.execPath, [CLI, 'analyze', photoPath, '--timeout', '90000'], { env });
    assertAnalyzeResult(JSON.parse(ok.stdout) as AnalyzeResult);

    const failed = await execFileAsync(process.execPath, [CLI, 'analyze', photoPath, '--key', 'wrong'], { env }).then(
      () => assert.fail('expected a non-zero exit'),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /Unauthorized \(HTTP 401/);
  });
});
