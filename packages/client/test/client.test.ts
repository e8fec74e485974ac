import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MeterApiError,
  MeterBadRequestError,
  MeterClient,
  MeterClientBlockedError,
  MeterNetworkError,
  MeterPayloadTooLargeError,
  MeterPaymentRequiredError,
  MeterServerError,
  MeterTimeoutError,
  MeterUnauthorizedError,
  MeterUnavailableError,
  type MeterClientOptions,
  type RetryInfo,
} from '../src/index.js';
import { sendJson, startFakeServer, type Handler, type ReceivedRequest } from './helpers/fake-server.js';
import { encodePng } from './helpers/png.js';

const PNG = encodePng(4, 3, (x, y) => [x * 60, y * 80, 128]);
const PNG_COPY = () => new Uint8Array(PNG);
const METER = { type: 'electricity', serialNumber: '011076159', currentReading: 4821.7, tariffCount: 2 };

async function withServer(handler: Handler, fn: (baseUrl: string, requests: ReceivedRequest[]) => Promise<void>) {
  const server = await startFakeServer(handler);
  try {
    await fn(server.baseUrl, server.requests);
  } finally {
    await server.close();
  }
}

function uploaded(req: ReceivedRequest | undefined): File {
  const file = req?.form?.get('image');
  assert.ok(file instanceof File, 'the request carries a file in the image field');
  return file;
}

function client(baseUrl: string, extra: Partial<MeterClientOptions> = {}): MeterClient {
  return new MeterClient({ baseUrl, apiKey: 'header.payload.sig', retryBaseDelayMs: 5, ...extra });
}

test('posts the photo as the multipart field "image" with the bearer key and returns the meter', async () => {
  await withServer(
    (_req, res) => sendJson(res, 200, { success: true, meter: METER }),
    async (baseUrl, requests) => {
      const result = await client(baseUrl + '/').analyze(PNG);
      assert.deepEqual(result, { success: true, meter: METER });
      assert.equal(requests.length, 1);
      const [req] = requests;
      assert.equal(req.method, 'POST');
      assert.equal(req.path, '/api/meters/analyze');
      assert.equal(req.headers.authorization, 'Bearer header.payload.sig');
      assert.match(String(req.headers['content-type']), /^multipart\/form-data; boundary=/);
      const file = uploaded(req);
      assert.equal(file.type, 'image/png');
      assert.equal(file.name, 'image.png');
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), PNG);
      assert.deepEqual([...req.form!.keys()], ['image']);
    },
  );
});

test('success:false is returned as a result, not thrown', async () => {
  await withServer(
    (_req, res) => sendJson(res, 200, { success: false, error: 'NO_VALID_PHOTO' }),
    async (baseUrl) => {
      const result = await client(baseUrl).analyze(PNG);
      assert.deepEqual(result, { success: false, error: 'NO_VALID_PHOTO' });
    },
  );
});

test('accepts Blob, File, ArrayBuffer, Uint8Array views and a file path', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'meter-client-'));
  const path = join(dir, 'meter photo.jpg');
  const jpegish = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  const jpegBytes = new Uint8Array(jpegish);
  await writeFile(path, jpegish);
  const padded = new Uint8Array([9, 9, ...PNG, 9]);
  const cases: Array<[string, Parameters<MeterClient['analyze']>[0], Buffer, string, string]> = [
    ['Blob', new Blob([PNG_COPY()], { type: 'image/png' }), PNG, 'image/png', 'image.png'],
    ['untyped Blob', new Blob([PNG_COPY()]), PNG, 'image/png', 'image.png'],
    ['File', new File([jpegBytes], 'front.jpeg', { type: 'image/jpeg' }), jpegish, 'image/jpeg', 'front.jpeg'],
    ['ArrayBuffer', PNG_COPY().buffer, PNG, 'image/png', 'image.png'],
    ['Uint8Array view', padded.subarray(2, 2 + PNG.length), PNG, 'image/png', 'image.png'],
    ['path', path, jpegish, 'image/jpeg', 'meter photo.jpg'],
  ];
  try {
    await withServer(
      (_req, res) => sendJson(res, 200, { success: false, error: 'NO_VALID_PHOTO' }),
      async (baseUrl, requests) => {
        for (const [label, input, bytes, type, name] of cases) {
          await client(baseUrl).analyze(input);
          const file = uploaded(requests.at(-1));
          assert.deepEqual(Buffer.from(await file.arrayBuffer()), bytes, `${label}: bytes`);
          assert.equal(file.type, type, `${label}: type`);
          assert.equal(file.name, name, `${label}: name`);
        }
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a missing file path rejects with the fs error before any request', async () => {
  await withServer(
    (_req, res) => sendJson(res, 200, { success: true, meter: METER }),
    async (baseUrl, requests) => {
      await assert.rejects(client(baseUrl).analyze('/nonexistent/dir/photo.jpg'), { code: 'ENOENT' });
      assert.equal(requests.length, 0);
    },
  );
});

const STATUS_CASES: Array<[number, string, Function, string]> = [
  [400, 'No file uploaded', MeterBadRequestError, 'bad_request'],
  [401, 'Unauthorized', MeterUnauthorizedError, 'unauthorized'],
  [402, 'Payment required', MeterPaymentRequiredError, 'payment_required'],
  [403, 'Client blocked', MeterClientBlockedError, 'client_blocked'],
  [413, 'File too large', MeterPayloadTooLargeError, 'payload_too_large'],
  [429, 'Too many requests', MeterUnavailableError, 'rate_limited'],
];

for (const [status, message, ErrorClass, code] of STATUS_CASES) {
  test(`HTTP ${status} throws ${ErrorClass.name} with status, message, body and request id, without retrying`, async () => {
    const body = JSON.stringify({ error: message });
    await withServer(
      (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${status}` });
        res.end(body);
      },
      async (baseUrl, requests) => {
        const error = await client(baseUrl, { retries: 3 }).analyze(PNG).then(
          () => assert.fail('expected a rejection'),
          (e: unknown) => e,
        );
        assert.ok(error instanceof ErrorClass, `got ${String(error)}`);
        assert.ok(error instanceof MeterApiError);
        assert.equal(error.status, status);
        assert.equal(error.message, message);
        assert.equal(error.code, code);
        assert.equal(error.body, body);
        assert.equal(error.requestId, `req-${status}`);
        assert.equal(requests.length, 1, 'not retried');
      },
    );
  });
}

test('500 without a body is retried, then thrown as MeterServerError with a status-line message', async () => {
  const retries: RetryInfo[] = [];
  await withServer(
    (_req, res) => {
      res.writeHead(500);
      res.end();
    },
    async (baseUrl, requests) => {
      const error = await client(baseUrl, { retries: 2, onRetry: (info) => retries.push(info) })
        .analyze(PNG)
        .catch((e: unknown) => e);
      assert.ok(error instanceof MeterServerError);
      assert.equal(error.status, 500);
      assert.equal(error.code, 'server_error');
      assert.equal(error.body, '');
      assert.equal(error.message, 'HTTP 500 Internal Server Error');
      assert.equal(error.requestId, undefined);
      assert.equal(requests.length, 3);
      assert.deepEqual(retries.map((r) => r.retry), [1, 2]);
      // backoff doubles: retry n waits base*2^(n-1) scaled into [0.5, 1)
      assert.ok(retries[0].delayMs >= 2 && retries[0].delayMs <= 5, `first delay ${retries[0].delayMs}`);
      assert.ok(retries[1].delayMs >= 5 && retries[1].delayMs <= 10, `second delay ${retries[1].delayMs}`);
    },
  );
});

test('a 500 followed by a success resolves with the success', async () => {
  await withServer(
    (_req, res, i) => (i === 0 ? sendJson(res, 500, { error: 'recognition failed' }) : sendJson(res, 200, { success: true, meter: METER })),
    async (baseUrl, requests) => {
      const result = await client(baseUrl).analyze(PNG);
      assert.equal(result.success, true);
      assert.equal(requests.length, 2);
      const bytes = await Promise.all(requests.map(async (r) => Buffer.from(await uploaded(r).arrayBuffer())));
      assert.deepEqual(bytes, [PNG, PNG], 'the retry uploads the same photo again');
    },
  );
});

test('503 honours Retry-After in seconds and as an HTTP-date, capped by maxRetryDelayMs', async () => {
  const retries: RetryInfo[] = [];
  const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
  await withServer(
    (_req, res, i) => {
      if (i === 0) return sendJson(res, 503, { error: 'busy' }, { 'retry-after': '0' });
      if (i === 1) return sendJson(res, 503, { error: 'busy' }, { 'retry-after': '120' });
      if (i === 2) return sendJson(res, 503, { error: 'busy' }, { 'retry-after': inFiveSeconds });
      sendJson(res, 200, { success: false, error: 'Meter not detected in the photo' });
    },
    async (baseUrl, requests) => {
      const result = await client(baseUrl, { retries: 3, maxRetryDelayMs: 40, onRetry: (info) => retries.push(info) }).analyze(PNG);
      assert.deepEqual(result, { success: false, error: 'Meter not detected in the photo' });
      assert.equal(requests.length, 4);
      assert.deepEqual(retries.map((r) => r.delayMs), [0, 40, 40]);
      assert.ok(retries.every((r) => r.error instanceof MeterUnavailableError && r.error.status === 503));
      assert.equal((retries[1].error as MeterUnavailableError).retryAfterMs, 120_000);
    },
  );
});

test('503 still failing after all retries throws MeterUnavailableError', async () => {
  await withServer(
    (_req, res) => sendJson(res, 503, { error: 'Service unavailable' }),
    async (baseUrl, requests) => {
      await assert.rejects(client(baseUrl, { retries: 1 }).analyze(PNG), (e: unknown) => {
        assert.ok(e instanceof MeterUnavailableError);
        assert.equal(e.code, 'unavailable');
        assert.equal(e.message, 'Service unavailable');
        return true;
      });
      assert.equal(requests.length, 2);
    },
  );
});

test('a reset connection is a MeterNetworkError and is retried', async () => {
  await withServer(
    (req, res, i) => {
      if (i < 2) return res.socket?.destroy();
      sendJson(res, 200, { success: true, meter: METER });
    },
    async (baseUrl, requests) => {
      const result = await client(baseUrl, { retries: 2 }).analyze(PNG);
      assert.equal(result.success, true);
      assert.equal(requests.length, 3);
    },
  );
  await withServer(
    (_req, res) => res.socket?.destroy(),
    async (baseUrl, requests) => {
      await assert.rejects(client(baseUrl, { retries: 1 }).analyze(PNG), MeterNetworkError);
      assert.equal(requests.length, 2);
    },
  );
});

test('a refused connection is a MeterNetworkError', async () => {
  const server = await startFakeServer(() => undefined);
  const { baseUrl } = server;
  await server.close(); // nothing listens on that port any more
  const retries: RetryInfo[] = [];
  const error = await client(baseUrl, { retries: 1, onRetry: (r) => retries.push(r) }).analyze(PNG).catch((e: unknown) => e);
  assert.ok(error instanceof MeterNetworkError, String(error));
  assert.match(error.message, /ECONNREFUSED|fetch failed/);
  assert.equal(retries.length, 1);
});

test('no answer within timeoutMs throws MeterTimeoutError and is not retried', async () => {
  await withServer(
    () => undefined, // never answers
    async (baseUrl, requests) => {
      const error = await client(baseUrl, { timeoutMs: 100, retries: 2 }).analyze(PNG).catch((e: unknown) => e);
      assert.ok(error instanceof MeterTimeoutError, String(error));
      assert.equal(error.timeoutMs, 100);
      assert.equal(requests.length, 1);
    },
  );
});

test('a body that stalls after the headers also times out', async () => {
  await withServer(
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":');
    },
    async (baseUrl) => {
      await assert.rejects(client(baseUrl, { timeoutMs: 100 }).analyze(PNG), MeterTimeoutError);
    },
  );
});

test("the caller's signal aborts with an AbortError: before sending, in flight and during backoff", async () => {
  await withServer(
    (_req, res, i) => (i === 0 ? undefined : sendJson(res, 500, { error: 'boom' })),
    async (baseUrl, requests) => {
      const c = client(baseUrl, { retries: 5, retryBaseDelayMs: 10_000 });

      await assert.rejects(c.analyze(PNG, { signal: AbortSignal.abort() }), { name: 'AbortError' });
      assert.equal(requests.length, 0);

      const inFlight = new AbortController();
      const pending = c.analyze(PNG, { signal: inFlight.signal });
      while (requests.length < 1) await new Promise((r) => setTimeout(r, 5));
      inFlight.abort();
      await assert.rejects(pending, { name: 'AbortError' });

      const duringBackoff = new AbortController();
      const waiting = c.analyze(PNG, {
        signal: duringBackoff.signal,
      });
      while (requests.length < 2) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      duringBackoff.abort(new Error('user left the screen'));
      await assert.rejects(waiting, (e: unknown) => {
        assert.equal((e as Error).name, 'AbortError');
        assert.equal(((e as Error).cause as Error).message, 'user left the screen');
        return true;
      });
      assert.equal(requests.length, 2, 'no retry after the abort');
    },
  );
});

test('a 200 whose body is not the documented envelope throws invalid_response', async () => {
  await withServer(
    (_req, res, i) => (i === 0 ? sendJson(res, 200, { ok: true }) : res.end('<html>proxy page</html>')),
    async (baseUrl) => {
      for (let i = 0; i < 2; i++) {
        await assert.rejects(client(baseUrl).analyze(PNG), (e: unknown) => {
          assert.ok(e instanceof MeterApiError);
          assert.equal(e.code, 'invalid_response');
          assert.equal(e.status, 200);
          return true;
        });
      }
    },
  );
});

test('a custom fetch is used and called without a receiver', async () => {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const c = new MeterClient({
    baseUrl: 'https://meters.invalid/base',
    apiKey: 'k',
    fetch: async function (this: unknown, input, init) {
      assert.equal(this, undefined);
      calls.push([String(input), init]);
      return new Response(JSON.stringify({ success: false, error: 'NO_VALID_PHOTO' }), { status: 200 });
    },
  });
  assert.equal((await c.analyze(PNG)).success, false);
  assert.equal(calls[0][0], 'https://meters.invalid/base/api/meters/analyze');
  assert.ok(calls[0][1]?.body instanceof FormData);
});

test('constructor rejects missing baseUrl/apiKey and bad numbers', () => {
  assert.throws(() => new MeterClient({ baseUrl: '', apiKey: 'k' }), TypeError);
  assert.throws(() => new MeterClient({ baseUrl: 'http://x', apiKey: '' }), TypeError);
  assert.throws(() => new MeterClient({ baseUrl: 'http://x', apiKey: 'k', retries: -1 }), TypeError);
  assert.throws(() => new MeterClient({ baseUrl: 'http://x', apiKey: 'k', timeoutMs: Number.NaN }), TypeError);
});
