import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { SignJWT, base64url } from 'jose';
import { startTestApp, analyze, healthy, type TestApp } from '../helpers/app.js';
import { plainPng, noiseJpeg, bombPng } from '../helpers/images.js';

let t: TestApp;
let token: string;
let clientId: string;
let png: Buffer;

before(async () => {
  t = await startTestApp();
  ({ token, clientId } = await t.newClient({ quota: 1000 }));
  png = await plainPng();
});
after(() => t.close());

const used = async () => t.services.quota.status((await t.services.store.getClient(clientId))!).used;

async function secret(): Promise<Uint8Array> {
  return new TextEncoder().encode(await t.services.store.ensureSetting('jwt_secret', () => 'unused'));
}

describe('401 Unauthorized', () => {
  const unauthorized = async (headers: Record<string, string>, path = '/api/meters/analyze') => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${t.url}${path}`, { method: 'POST', body: form, headers });
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: 'Unauthorized' });
  };

  test('missing header', () => unauthorized({}));
  test('empty bearer', () => unauthorized({ authorization: 'Bearer ' }));
  test('wrong scheme', () => unauthorized({ authorization: `Basic ${token}` }));
  test('token in the query string is ignored', () => unauthorized({}, `/api/meters/analyze?token=${token}`));
  test('garbage token', () => unauthorized({ authorization: 'Bearer not.a.jwt' }));

  test('alg none', async () => {
    const [h, p] = token.split('.');
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const none = base64url.encode(JSON.stringify({ ...header, alg: 'none' }));
    await unauthorized({ authorization: `Bearer ${none}.${p}.` });
  });

  test('another algorithm with the right secret (HS512)', async () => {
    const [, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const other = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(await secret());
    await unauthorized({ authorization: `Bearer ${other}` });
  });

  test('tampered payload', async () => {
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: 'cl_someone_else' }));
    await unauthorized({ authorization: `Bearer ${h}.${forged}.${s}` });
  });

  test('signed with a foreign secret', async () => {
    const [, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
    await unauthorized({ authorization: `Bearer ${foreign}` });
  });

  test('right signature but unknown key id', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(clientId)
      .setJti('key_does_not_exist')
      .sign(await secret());
    await unauthorized({ authorization: `Bearer ${forged}` });
  });

  test('a key re-signed for another client is refused even with the right secret', async () => {
    const other = await t.newClient();
    const [, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = await new SignJWT({ ...claims, sub: other.clientId })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(await secret());
    await unauthorized({ authorization: `Bearer ${forged}` });
  });

  test('401 consumes no quota', async () => {
    const before = await used();
    await analyze(t.url, { token: 'x.y.z', bytes: png });
    assert.equal(await used(), before);
  });
});

describe('400 No file uploaded', () => {
  const expect400 = async (u: Parameters<typeof analyze>[1]) => {
    const before = await used();
    const r = await analyze(t.url, { token, ...u });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.deepEqual(r.body, { error: 'No file uploaded' });
    assert.equal(await used(), before, '4xx must not consume quota');
    assert.ok(await healthy(t.url));
  };

  test('no file at all', () => expect400({}));
  test('file under another field name', () => expect400({ field: 'file', bytes: png }));
  test('zero-byte file', () => expect400({ bytes: new Uint8Array(0) }));
  test('wrong magic despite .jpg name and image/jpeg type', () =>
    expect400({ bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), filename: 'x.jpg', mimetype: 'image/jpeg' }));
  test('text file', () => expect400({ bytes: Buffer.from('hello world'), filename: 'photo.png', mimetype: 'image/png' }));

  const raw = (headers: Record<string, string>, body: string) =>
    fetch(`${t.url}/api/meters/analyze`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body });

  test('JSON body', async () => {
    const res = await raw({ 'content-type': 'application/json' }, JSON.stringify({ image: 'aGVsbG8=' }));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
  });

  test('form-urlencoded body', async () => {
    const res = await raw({ 'content-type': 'application/x-www-form-urlencoded' }, 'image=abc');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
  });

  test('no body and no content type', async () => {
    const res = await fetch(`${t.url}/api/meters/analyze`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
  });

  test('multipart without a boundary', async () => {
    const res = await raw({ 'content-type': 'multipart/form-data' }, 'whatever');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
  });

  test('a form with too many parts', async () => {
    const before = await used();
    const form = new FormData();
    for (let i = 0; i < 40; i++) form.append(`f${i}`, 'x');
    form.append('image', new Blob([new Uint8Array(png)]), 'a.png');
    const res = await fetch(`${t.url}/api/meters/analyze`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
    assert.equal(await used(), before);
  });

  test('malformed multipart body', async () => {
    const res = await raw({ 'content-type': 'multipart/form-data; boundary=XYZ' }, '--XYZ\r\nContent-Disposition: form-da');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'No file uploaded' });
    assert.ok(await healthy(t.url));
  });
});

describe('damaged and hostile images', () => {
  const refusedOrNoMeter = async (bytes: Uint8Array) => {
    const before = await used();
    const r = await analyze(t.url, { token, bytes, filename: 'x.png' });
    assert.ok(
      r.status === 400 || (r.status === 200 && r.body.success === false),
      `expected 400 or 200/success:false, got ${r.status} ${JSON.stringify(r.body)}`,
    );
    if (r.status === 400) {
      assert.deepEqual(r.body, { error: 'No file uploaded' });
      assert.equal(await used(), before);
    }
    assert.ok(await healthy(t.url));
  };

  test('truncated JPEG', async () => {
    const jpeg = await noiseJpeg(640, 480);
    await refusedOrNoMeter(jpeg.subarray(0, Math.floor(jpeg.length / 3)));
  });

  test('JPEG with corrupted body', async () => {
    const jpeg = Buffer.from(await noiseJpeg(320, 240));
    for (let i = 600; i < jpeg.length - 10; i += 97) jpeg[i] = 0xff;
    await refusedOrNoMeter(jpeg);
  });

  test('PNG magic followed by garbage', () => refusedOrNoMeter(Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)])));

  test('decompression bomb: tiny PNG declaring 100000x100000', async () => {
    const rssBefore = process.memoryUsage().rss;
    await refusedOrNoMeter(bombPng(100_000, 100_000));
    // The worker thread shares this process: a decoded bomb would add ~30 GB.
    assert.ok(process.memoryUsage().rss - rssBefore < 512 * 1024 * 1024);
  });
});

describe('413 File too large', () => {
  test('an upload over 20 MiB is refused and the server stays healthy', async () => {
    const before = await used();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1024, 0);
    png.copy(big);
    const r = await analyze(t.url, { token, bytes: big, filename: 'big.png' });
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, { error: 'File too large' });
    assert.equal(await used(), before);
    assert.ok(await healthy(t.url));
  });

  test('an upload of exactly 20 MiB is not refused as too large', async () => {
    const exact = Buffer.alloc(20 * 1024 * 1024, 0);
    png.copy(exact);
    const r = await analyze(t.url, { token, bytes: exact, filename: 'exact.png' });
    assert.notEqual(r.status, 413);
  });
});

describe('200 responses', () => {
  test('a blank image is processed: success false with NO_VALID_PHOTO, and one unit consumed', async () => {
    const before = await used();
    const r = await analyze(t.url, { token, bytes: png });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { success: false, error: 'NO_VALID_PHOTO' });
    assert.equal(await used(), before + 1);
    assert.ok(r.headers.get('x-request-id'));
  });
});

test('unknown paths answer JSON 404', async () => {
  const res = await fetch(`${t.url}/nope`);
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { error: 'Not found' });
});

test('a slow-header, never-finished request does not block others', async () => {
  const sock = http.request(`${t.url}/api/meters/analyze`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=B', 'content-length': '100000' },
  });
  sock.on('error', () => {});
  sock.write('--B\r\n');
  assert.ok(await healthy(t.url));
  sock.destroy();
});
