/** The one error type. Services throw it; the error handler maps it to HTTP. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  // A plan limit: the message names the plan that lifts it.
  payment_required: 402,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  // A provider answered, but not with what its API promises.
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'That item') => new AppError('not_found', `${what} was not found.`);

/** A 429 that also tells the caller when to try again (sent as Retry-After). */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** A 400 about one input field, answered like a schema validation error (with `fields`). */
export class FieldError extends AppError {
  constructor(
    public readonly field: string,
    message: string,
    code: ErrorCode = 'bad_request',
  ) {
    super(code, message);
  }
}
