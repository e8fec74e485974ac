import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildImageForm, isReactNativeFile, prepareImagePart, type FormDataLike } from '../src/image.js';

/** Stands in for React Native's FormData, which takes {uri, name, type} objects; records every append. */
class CapturingFormData implements FormDataLike {
  static created: CapturingFormData[] = [];
  appends: Array<{ name: string; value: unknown; filename?: string; argCount: number }> = [];
  constructor() {
    CapturingFormData.created.push(this);
  }
  append(name: string, value: unknown, filename?: string): void {
    this.appends.push({ name, value, filename, argCount: arguments.length });
  }
}

async function reactNativeAppend(input: Parameters<typeof prepareImagePart>[0], options = {}) {
  const part = await prepareImagePart(input, options);
  const form = buildImageForm(part, CapturingFormData) as CapturingFormData;
  assert.equal(form.appends.length, 1, 'exactly one field');
  const [append] = form.appends;
  assert.equal(append.name, 'image');
  assert.equal(append.argCount, 2, 'React Native takes the file object alone, no filename argument');
  return append.value;
}

test('a React Native {uri, name, type} object is appended as-is under "image"', async () => {
  const value = await reactNativeAppend({ uri: 'file:///data/user/0/app/cache/IMG_1.png', name: 'kitchen.png', type: 'image/png' });
  assert.deepEqual(value, { uri: 'file:///data/user/0/app/cache/IMG_1.png', name: 'kitchen.png', type: 'image/png' });
  assert.ok(!(value instanceof Blob));
});

test('React Native name and type default from the uri, then to photo.jpg / image/jpeg', async () => {
  assert.deepEqual(await reactNativeAppend({ uri: 'file:///tmp/ImagePicker/meter%20one.PNG?x=1' }), {
    uri: 'file:///tmp/ImagePicker/meter%20one.PNG?x=1',
    name: 'meter one.PNG',
    type: 'image/png',
  });
  assert.deepEqual(await reactNativeAppend({ uri: 'content://media/external/images/media/42' }), {
    uri: 'content://media/external/images/media/42',
    name: 'photo.jpg',
    type: 'image/jpeg',
  });
  assert.deepEqual(await reactNativeAppend({ uri: 'ph://ABC-123', name: 'x.jpeg' }), {
    uri: 'ph://ABC-123',
    name: 'x.jpeg',
    type: 'image/jpeg',
  });
});

test('filename and contentType options override what the input says', async () => {
  assert.deepEqual(
    await reactNativeAppend({ uri: 'file:///a.jpg', name: 'a.jpg', type: 'image/jpeg' }, { filename: 'b.png', contentType: 'image/png' }),
    { uri: 'file:///a.jpg', name: 'b.png', type: 'image/png' },
  );
  const part = await prepareImagePart(new Uint8Array([1, 2, 3]), { filename: 'raw.bin', contentType: 'image/jpeg' });
  assert.equal(part.kind, 'blob');
  if (part.kind === 'blob') {
    assert.equal(part.filename, 'raw.bin');
    assert.equal(part.blob.type, 'image/jpeg');
  }
});

test('blobs and bytes are appended with a filename as the third argument', async () => {
  const part = await prepareImagePart(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0]));
  const form = buildImageForm(part, CapturingFormData) as CapturingFormData;
  const [append] = form.appends;
  assert.equal(append.name, 'image');
  assert.equal(append.filename, 'image.jpg');
  assert.ok(append.value instanceof Blob);
  assert.equal((append.value as Blob).type, 'image/jpeg');
});

test('unknown bytes go out as application/octet-stream named "image" (the server decides)', async () => {
  const part = await prepareImagePart(new TextEncoder().encode('not a photo'));
  assert.equal(part.kind, 'blob');
  if (part.kind === 'blob') {
    assert.equal(part.blob.type, 'application/octet-stream');
    assert.equal(part.filename, 'image');
  }
});

test('the uploaded bytes are a copy: changing the caller buffer later does not alter a retry', async () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7]);
  const part = await prepareImagePart(bytes);
  bytes.fill(0);
  assert.equal(part.kind, 'blob');
  if (part.kind === 'blob') assert.deepEqual([...new Uint8Array(await part.blob.arrayBuffer())], [0x89, 0x50, 0x4e, 0x47, 7, 7]);
});

test('isReactNativeFile tells {uri} objects from Blobs and other values', () => {
  assert.equal(isReactNativeFile({ uri: 'file:///x.jpg' }), true);
  assert.equal(isReactNativeFile(new Blob(['x'])), false);
  assert.equal(isReactNativeFile({ url: 'file:///x.jpg' }), false);
  assert.equal(isReactNativeFile(null), false);
  assert.equal(isReactNativeFile('file:///x.jpg'), false);
});

test('unsupported inputs are rejected with a TypeError', async () => {
  await assert.rejects(prepareImagePart(42 as never), TypeError);
  await assert.rejects(prepareImagePart({ path: '/x.jpg' } as never), TypeError);
});
