import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sendJson, startFakeServer, type FakeServer } from './helpers/fake-server.js';
import { encodePng } from './helpers/png.js';

const execFileAsync = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));
const PNG = encodePng(8, 8, (x, y) => [x * 30, y * 30, 90]);
const METER = { type: 'water_hot', serialNumber: '19-123456', currentReading: 12.345, tariffCount: null };

let server: FakeServer;
let dir: string;
let photo: string;

before(async () => {
  server = await startFakeServer((req, res) => {
    if (req.headers.authorization !== 'Bearer good-key') return sendJson(res, 401, { error: 'Unauthorized' }, { 'x-request-id': 'r-401' });
    sendJson(res, 200, { success: true, meter: METER });
  });
  dir = await mkdtemp(join(tmpdir(), 'meter-cli-'));
  photo = join(dir, 'meter.png');
  await writeFile(photo, PNG);
});

after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const fullEnv: Record<string, string | undefined> = { ...process.env, METER_API_URL: undefined, METER_API_KEY: undefined, ...env };
  for (const k of Object.keys(fullEnv)) if (fullEnv[k] === undefined) delete fullEnv[k];
  return execFileAsync(process.execPath, [CLI, ...args], { env: fullEnv }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: Run) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

test('analyze prints the JSON result and exits 0 (flags)', async () => {
  const run = await cli(['analyze', photo, '--url', server.baseUrl, '--key', 'good-key']);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { success: true, meter: METER });
  const sent = server.requests.at(-1)?.form?.get('image');
  assert.ok(sent instanceof File);
  assert.equal(sent.name, 'meter.png');
  assert.deepEqual(Buffer.from(await sent.arrayBuffer()), await readFile(photo));
});

test('analyze takes the address and key from METER_API_URL / METER_API_KEY; --compact prints one line', async () => {
  const run = await cli(['analyze', photo, '--compact'], { METER_API_URL: server.baseUrl, METER_API_KEY: 'good-key' });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, JSON.stringify({ success: true, meter: METER }) + '\n');
});

test('an HTTP error exits 1 with the message, status and request id on stderr', async () => {
  const run = await cli(['analyze', photo, '--url', server.baseUrl, '--key', 'bad-key']);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, 'meter-client: Unauthorized (HTTP 401, request id r-401)\n');
});

test('an unreadable image exits 1 without sending anything', async () => {
  const before = server.requests.length;
  const run = await cli(['analyze', join(dir, 'missing.jpg'), '--url', server.baseUrl, '--key', 'good-key']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^meter-client: cannot read image: ENOENT/);
  assert.equal(server.requests.length, before);
});

test('usage errors exit 2', async () => {
  for (const [args, message] of [
    [[], /missing command/],
    [['analyse', photo], /unknown command "analyse"/],
    [['analyze'], /missing image path/],
    [['analyze', photo, '--key', 'k'], /--url or set METER_API_URL/],
    [['analyze', photo, '--url', server.baseUrl], /--key or set METER_API_KEY/],
    [['analyze', photo, '--url', server.baseUrl, '--key', 'k', '--retries', 'many'], /--retries must be/],
    [['analyze', photo, '--nope'], /Unknown option '--nope'/],
  ] as Array<[string[], RegExp]>) {
    const run = await cli(args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
    assert.equal(run.stdout, '');
  }
});

test('--version prints the package version', async () => {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
  const run = await cli(['--version']);
  assert.equal(run.stdout.trim(), pkg.version);
});
