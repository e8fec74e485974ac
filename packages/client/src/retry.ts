/** Retry timing: exponential backoff with jitter, and Retry-After parsing. */

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Upper bound for any wait, Retry-After included. */
  maxDelayMs: number;
}

/**
 * Delay before retry number `retry` (0 for the first): base * 2^retry, capped, then scaled
 * by a random factor in [0.5, 1) so that many clients do not retry in lockstep.
 */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/** Parses a Retry-After header (delay-seconds or HTTP-date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP-date always names its month; this keeps Date.parse from reading "-3" as a year.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's abort as soon as it fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
