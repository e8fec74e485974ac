/** Error classes thrown by MeterClient. A `success:false` answer is a result, never an error. */

export type MeterApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'client_blocked'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'server_error'
  | 'invalid_response'
  | 'http_error';

export interface MeterApiErrorInit {
  status: number;
  message: string;
  code: MeterApiErrorCode;
  /** The response body exactly as received ('' when there was none). */
  body: string;
  requestId?: string;
  /** Delay asked for by a Retry-After header, in milliseconds. */
  retryAfterMs?: number;
}

/** The server answered with a non-2xx status (or an unreadable 2xx body). */
export class MeterApiError extends Error {
  readonly status: number;
  readonly code: MeterApiErrorCode;
  readonly body: string;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: MeterApiErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 400: the `image` field is missing or not a JPEG/PNG (`No file uploaded`). */
export class MeterBadRequestError extends MeterApiError {}
/** 401: key absent, invalid or revoked (`Unauthorized`). */
export class MeterUnauthorizedError extends MeterApiError {}
/** 402: request quota exhausted (`Payment required`). */
export class MeterPaymentRequiredError extends MeterApiError {}
/** 403: client account blocked (`Client blocked`). */
export class MeterClientBlockedError extends MeterApiError {}
/** 413: the upload is larger than the server accepts (20 MB by the spec). */
export class MeterPayloadTooLargeError extends MeterApiError {}
/** 429 or 503: the server is busy; see `retryAfterMs`. */
export class MeterUnavailableError extends MeterApiError {}
/** 500 and other 5xx: internal failure, including a failure of the recognition step. */
export class MeterServerError extends MeterApiError {}

/** The request never got an HTTP answer: DNS, refused connection, reset socket, broken body. */
export class MeterNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MeterNetworkError';
  }
}

/** No complete answer arrived within `timeoutMs`. */
export class MeterTimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'MeterTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. `name` is 'AbortError' like the platform's own abort errors. */
export class MeterAbortError extends Error {
  constructor(reason?: unknown) {
    super('The request was aborted', { cause: reason });
    this.name = 'AbortError';
  }
}

type ApiErrorClass = new (init: MeterApiErrorInit) => MeterApiError;

const BY_STATUS: Record<number, [MeterApiErrorCode, ApiErrorClass]> = {
  400: ['bad_request', MeterBadRequestError],
  401: ['unauthorized', MeterUnauthorizedError],
  402: ['payment_required', MeterPaymentRequiredError],
  403: ['client_blocked', MeterClientBlockedError],
  413: ['payload_too_large', MeterPayloadTooLargeError],
  429: ['rate_limited', MeterUnavailableError],
  503: ['unavailable', MeterUnavailableError],
};

/** Builds the error for a non-2xx answer; the message is the body's `error` field when there is one. */
export function apiErrorFromResponse(
  status: number,
  body: string,
  statusText: string,
  requestId?: string,
  retryAfterMs?: number,
): MeterApiError {
  const [code, ErrorClass] =
    BY_STATUS[status] ?? (status >= 500 ? ['server_error', MeterServerError] : ['http_error', MeterApiError]);
  const message = errorMessageFromBody(body) ?? (statusText ? `HTTP ${status} ${statusText}` : `HTTP ${status}`);
  return new ErrorClass({ status, code, message, body, requestId, retryAfterMs });
}

function errorMessageFromBody(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
      return (parsed as { error: string }).error;
    }
  } catch {
    // not JSON: fall through to the status line
  }
  return undefined;
}
