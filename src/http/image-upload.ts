import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export const multipartLimits = {
  fileSize: MAX_IMAGE_BYTES,
  files: 5,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 25,
  headerPairs: 200,
};

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (buf: Uint8Array, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** JPEG or PNG by magic number: the client's filename and mimetype are never trusted. */
export const isJpegOrPng = (buf: Uint8Array): boolean => startsWith(buf, JPEG) || startsWith(buf, PNG);

/**
 * Reads the multipart body and returns the bytes of the first file part named `image`.
 * Other parts are drained. No such part, or a non-multipart body: HttpError('no_file').
 */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError('no_file');
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'image' && image === undefined) {
        image = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    // Only the client's bytes can break the parser: an oversize file is 413; anything else malformed,
    // including too many parts or files, is 400.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw err;
    throw new HttpError('no_file');
  }
  if (!image || image.length === 0 || !isJpegOrPng(image)) throw new HttpError('no_file');
  return image;
}
