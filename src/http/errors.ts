/** Every error the HTTP layer answers with: one table, one status and one message per code. */
export const ERRORS = {
  no_file: { status: 400, message: 'No file uploaded' },
  unauthorized: { status: 401, message: 'Unauthorized' },
  payment_required: { status: 402, message: 'Payment required' },
  blocked: { status: 403, message: 'Client blocked' },
  not_found: { status: 404, message: 'Not found' },
  too_large: { status: 413, message: 'File too large' },
  internal: { status: 500, message: 'Internal server error' },
  busy: { status: 503, message: 'Server busy, retry later' },
  unavailable: { status: 503, message: 'Service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class HttpError extends Error {
  constructor(readonly code: ErrorCode) {
    super(ERRORS[code].message);
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

export const NO_VALID_PHOTO = 'NO_VALID_PHOTO';
