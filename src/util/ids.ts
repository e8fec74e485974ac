import { randomBytes } from 'node:crypto';

/** Random, URL-safe identifier with a readable prefix (cl_, key_, res_). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
