// The shared error type: thrown by services and tool handlers alike, mapped by the
// adapters to the one Error shape. A leaf module: it imports nothing of this project.

/** The machine-readable error codes of DESIGN.md, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_rule: 400,
  invalid_schema: 400,
  invalid_regex: 400,
  tenant_required: 400,
  unauthorized: 401,
  sandbox_expired: 401,
  insufficient_scope: 403,
  account_not_verified: 403,
  // MCP over HTTP: a Host or Origin this service does not answer (DNS-rebinding protection).
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** The request body did not arrive within SVC_BODY_TIMEOUT_SECONDS. */
  request_timeout: 408,
  conflict: 409,
  invalid_state: 409,
  tests_failing: 409,
  validation_issues: 409,
  too_large: 413,
  unsupported_media_type: 415,
  name_refused: 422,
  analysis_limit: 422,
  /** An Idempotency-Key sent again with a different request. */
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  /** The database server is unreachable: the one 5XX a caller should retry (Retry-After). */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

/** Thrown by handlers and services; adapters map it to the shared Error shape. */
export class ToolError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

/** The database server did not answer: writes are atomic batches, so none is half-applied. */
export function unavailable(retryAfterSeconds: number, cause: string): ToolError {
  return new ToolError(
    'unavailable',
    `The database server did not answer (${cause}); the call did not complete and left nothing half-written. Retry in ${retryAfterSeconds} s.`,
    { retry_after_seconds: retryAfterSeconds },
  );
}

export function notFound(what: string, id: string): ToolError {
  return new ToolError(
    'not_found',
    `No ${what} '${id}' here (this tenant or account); list them to find the right id.`,
    { id },
  );
}
