import {
  MeterAbortError,
  MeterApiError,
  MeterNetworkError,
  MeterTimeoutError,
  apiErrorFromResponse,
} from './errors.js';
import { buildImageForm, prepareImagePart, type FormDataConstructor, type ImagePartOptions } from './image.js';
import { backoffDelay, parseRetryAfter, sleep } from './retry.js';
import type { AnalyzeResult, ImageInput } from './types.js';

export const ANALYZE_PATH = '/api/meters/analyze';

export interface MeterClientOptions {
  /** Service address without the /api path, e.g. `https://meters.example.com`. */
  baseUrl: string;
  /** The JWT issued for your client; sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Limit for one attempt (sending the photo and reading the whole answer). Default 30 000. */
  timeoutMs?: number;
  /** Extra attempts after network errors, 500 and 503. Default 2. */
  retries?: number;
  /** Backoff before the first retry, doubled for each further one, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Cap on any wait between attempts, a server's Retry-After included. Default 30 000. */
  maxRetryDelayMs?: number;
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /** Called before each wait between attempts. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: Error;
}

export interface AnalyzeOptions extends ImagePartOptions {
  /** Aborting it rejects with an AbortError and stops all retries. */
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 2;

export class MeterClient {
  readonly endpoint: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly onRetry?: (info: RetryInfo) => void;

  constructor(options: MeterClientOptions) {
    if (!options || typeof options.baseUrl !== 'string' || !options.baseUrl) {
      throw new TypeError('MeterClient: baseUrl is required');
    }
    if (typeof options.apiKey !== 'string' || !options.apiKey) throw new TypeError('MeterClient: apiKey is required');
    this.endpoint = options.baseUrl.replace(/\/+$/, '') + ANALYZE_PATH;
    this.apiKey = options.apiKey;
    this.timeoutMs = nonNegative(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
    this.retries = Math.floor(nonNegative(options.retries, DEFAULT_RETRIES, 'retries'));
    this.retryBaseDelayMs = nonNegative(options.retryBaseDelayMs, 500, 'retryBaseDelayMs');
    this.maxRetryDelayMs = nonNegative(options.maxRetryDelayMs, 30_000, 'maxRetryDelayMs');
    // Browsers reject fetch called with a `this` other than window, so never call it as a method.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.onRetry = options.onRetry;
  }

  /**
   * Sends one photo to POST /api/meters/analyze. Resolves with the 200 body, `success:false`
   * included; rejects with a MeterApiError subclass, MeterNetworkError, MeterTimeoutError or an AbortError.
   */
  async analyze(image: ImageInput, options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
    const { signal } = options;
    if (signal?.aborted) throw new MeterAbortError(signal.reason);
    const part = await prepareImagePart(image, options);
    const FormDataCtor = globalThis.FormData as unknown as FormDataConstructor;
    for (let retry = 0; ; retry++) {
      try {
        return await this.attempt(buildImageForm(part, FormDataCtor) as unknown as FormData, signal);
      } catch (error) {
        if (retry >= this.retries || !isRetryable(error)) throw error;
        const delayMs = this.retryDelay(error, retry);
        this.onRetry?.({ retry: retry + 1, delayMs, error });
        try {
          await sleep(delayMs, signal);
        } catch (reason) {
          throw new MeterAbortError(reason);
        }
      }
    }
  }

  private async attempt(form: FormData, signal: AbortSignal | undefined): Promise<AnalyzeResult> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    const failure = (cause: unknown): Error => {
      if (signal?.aborted) return new MeterAbortError(signal.reason);
      if (timedOut) return new MeterTimeoutError(this.timeoutMs);
      const detail = cause instanceof Error ? describeCause(cause) : String(cause);
      return new MeterNetworkError(`Request to ${this.endpoint} failed: ${detail}`, { cause });
    };
    try {
      const fetchImpl = this.fetchImpl;
      let response: Response;
      let body: string;
      try {
        response = await fetchImpl(this.endpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${this.apiKey}`, Accept: 'application/json' },
          body: form,
          signal: controller.signal,
        });
        body = await response.text();
      } catch (cause) {
        throw failure(cause);
      }
      return interpretResponse(response, body);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  private retryDelay(error: unknown, retry: number): number {
    if (error instanceof MeterApiError && error.retryAfterMs !== undefined) {
      return Math.min(error.retryAfterMs, this.maxRetryDelayMs);
    }
    return backoffDelay(retry, { baseDelayMs: this.retryBaseDelayMs, maxDelayMs: this.maxRetryDelayMs });
  }
}

function interpretResponse(response: Response, body: string): AnalyzeResult {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (!response.ok) {
    const retryAfterMs =
      response.status === 503 || response.status === 429
        ? parseRetryAfter(response.headers.get('retry-after'))
        : undefined;
    throw apiErrorFromResponse(response.status, body, response.statusText, requestId, retryAfterMs);
  }
  const result = parseEnvelope(body);
  if (!result) {
    throw new MeterApiError({
      status: response.status,
      code: 'invalid_response',
      message: `Unexpected response body from the server (HTTP ${response.status})`,
      body,
      requestId,
    });
  }
  return result;
}

function parseEnvelope(body: string): AnalyzeResult | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const candidate = parsed as Record<string, unknown>;
  if (candidate.success === true && candidate.meter && typeof candidate.meter === 'object') {
    return parsed as AnalyzeResult;
  }
  if (candidate.success === false && typeof candidate.error === 'string') return parsed as AnalyzeResult;
  return undefined;
}

function isRetryable(error: unknown): error is Error {
  if (error instanceof MeterNetworkError) return true;
  return error instanceof MeterApiError && (error.status === 500 || error.status === 503);
}

/** Node's fetch hides the socket error (ECONNREFUSED, ECONNRESET) in `cause`. */
function describeCause(error: Error): string {
  const inner = error.cause;
  if (inner instanceof Error && inner.message && inner.message !== error.message) {
    return `${error.message} (${inner.message})`;
  }
  return error.message;
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`MeterClient: ${name} must be a non-negative number`);
  }
  return value;
}
