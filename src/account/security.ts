import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// No inline script or style anywhere: the page loads one stylesheet and one small script from /account.
const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function setSecurityHeaders(reply: FastifyReply, cacheable = false): void {
  reply.header('content-security-policy', CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  // Pages can show a freshly issued token or account data: never kept by the browser or a proxy.
  reply.header('cache-control', cacheable ? 'public, max-age=3600' : 'no-store');
  if (!cacheable) reply.header('pragma', 'no-cache');
}

export const isHttps = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';

/**
 * A browser names the page a form came from: refuse a state change sent from another site even
 * before the token is checked (defence in depth; the token alone would do).
 */
export function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return !ownHosts(request).includes(new URL(origin).host);
  } catch {
    return true;
  }
}

/**
 * The names this site is reached by: Host, and X-Forwarded-Host from a proxy that rewrites Host. A page on
 * another site cannot set either header on a form submission, so accepting both is safe.
 */
function ownHosts(request: FastifyRequest): string[] {
  const forwarded = request.headers['x-forwarded-host'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : undefined;
  return [request.headers.host, first].filter((h): h is string => !!h);
}

/** The site's own address, for examples shown on the pages. */
export const publicBaseUrl = (request: FastifyRequest): string =>
  `${isHttps(request) ? 'https' : 'http'}://${ownHosts(request).at(-1) ?? 'localhost'}`;

export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

export function tokensMatch(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
