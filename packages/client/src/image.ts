/** Turns any accepted image input into the single `image` part of a multipart form. */
import type { ImageInput, ReactNativeFile } from './types.js';

export const IMAGE_FIELD = 'image';

export interface ImagePartOptions {
  /** File name sent with the part; derived from the input when omitted. */
  filename?: string;
  /** MIME type sent with the part; derived from the name or the first bytes when omitted. */
  contentType?: string;
}

export type ImagePart =
  | { kind: 'blob'; blob: Blob; filename: string }
  | { kind: 'react-native'; file: Required<ReactNativeFile> };

/** The subset of FormData used here, so React Native's and test doubles fit too. */
export interface FormDataLike {
  append(name: string, value: unknown, filename?: string): void;
}
export type FormDataConstructor = new () => FormDataLike;

export function isReactNativeFile(value: unknown): value is ReactNativeFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { uri?: unknown }).uri === 'string' &&
    !isBlob(value)
  );
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

export async function prepareImagePart(image: ImageInput, options: ImagePartOptions = {}): Promise<ImagePart> {
  if (typeof image === 'string') return partFromBytes(await readFileNode(image), options, baseName(image));
  if (isBlob(image)) return partFromBlob(image, options);
  if (image instanceof ArrayBuffer) return partFromBytes(new Uint8Array(image), options);
  if (ArrayBuffer.isView(image)) {
    return partFromBytes(new Uint8Array(image.buffer, image.byteOffset, image.byteLength), options);
  }
  if (isReactNativeFile(image)) return { kind: 'react-native', file: reactNativeFile(image, options) };
  throw new TypeError(
    'Unsupported image input: pass a Blob/File, a Uint8Array/Buffer/ArrayBuffer, a file path (Node) or a React Native {uri} object',
  );
}

/** Builds a fresh form per attempt; the same part can be sent again on a retry. */
export function buildImageForm(part: ImagePart, FormDataCtor: FormDataConstructor): FormDataLike {
  const form = new FormDataCtor();
  if (part.kind === 'blob') form.append(IMAGE_FIELD, part.blob, part.filename);
  // React Native's FormData takes the {uri, name, type} object itself and streams the file from the uri.
  else form.append(IMAGE_FIELD, part.file);
  return form;
}

function reactNativeFile(file: ReactNativeFile, options: ImagePartOptions): Required<ReactNativeFile> {
  const name = options.filename ?? file.name ?? nameFromUri(file.uri) ?? 'photo.jpg';
  const type = options.contentType ?? file.type ?? typeFromName(name) ?? 'image/jpeg';
  return { uri: file.uri, name, type };
}

async function partFromBlob(blob: Blob, options: ImagePartOptions): Promise<ImagePart> {
  const ownName = (blob as Blob & { name?: unknown }).name;
  let contentType = options.contentType ?? (blob.type || undefined);
  if (!contentType) {
    contentType = await sniffBlobType(blob);
    if (contentType) blob = new Blob([blob], { type: contentType });
  }
  const filename =
    options.filename ?? (typeof ownName === 'string' && ownName ? ownName : defaultName(contentType));
  if (options.contentType && blob.type !== options.contentType) blob = new Blob([blob], { type: options.contentType });
  return { kind: 'blob', blob, filename };
}

function partFromBytes(bytes: Uint8Array, options: ImagePartOptions, pathName?: string): ImagePart {
  const contentType =
    options.contentType ?? (pathName ? typeFromName(pathName) : undefined) ?? sniffType(bytes) ?? 'application/octet-stream';
  const filename = options.filename ?? pathName ?? defaultName(contentType);
  // Copy into a Blob so later changes to the caller's buffer cannot alter a retried upload.
  return { kind: 'blob', blob: new Blob([bytes.slice()], { type: contentType }), filename };
}

async function readFileNode(path: string): Promise<Uint8Array> {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  if (!isNode) {
    throw new TypeError('A file path works only in Node; pass a Blob/File or a React Native {uri} object instead');
  }
  // A variable specifier keeps browser and React Native bundlers from trying to resolve node:fs.
  const specifier = 'node:fs/promises';
  const fs = (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as typeof import('node:fs/promises');
  return fs.readFile(path);
}

function sniffType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 4 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

async function sniffBlobType(blob: Blob): Promise<string | undefined> {
  try {
    return sniffType(new Uint8Array(await blob.slice(0, 4).arrayBuffer()));
  } catch {
    return undefined; // some React Native Blobs cannot be read back; send them untyped
  }
}

function typeFromName(name: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'jpe') return 'image/jpeg';
  return undefined;
}

function defaultName(contentType: string | undefined): string {
  if (contentType === 'image/png') return 'image.png';
  if (contentType === 'image/jpeg') return 'image.jpg';
  return 'image';
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || 'image';
}

function nameFromUri(uri: string): string | undefined {
  const last = uri.split(/[?#]/)[0]?.split('/').pop();
  return last && /\.[a-z0-9]+$/i.test(last) ? decodeURIComponentSafe(last) : undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
