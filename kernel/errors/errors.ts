import { AppError, type ErrorObject, type ErrorSource } from './app-error.js';

export class BadRequestError extends AppError {
  constructor(detail: string, code = 'bad_request', source?: ErrorSource) {
    super(400, code, 'Bad request', detail, source);
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'A valid API key is required.', code = 'unauthenticated') {
    super(401, code, 'Unauthenticated', detail, { header: 'Authorization' });
  }
}

export class ForbiddenError extends AppError {
  constructor(detail: string, code = 'forbidden') {
    super(403, code, 'Forbidden', detail);
  }
}

/** Also used for another team's resources: existence is never revealed. */
export class NotFoundError extends AppError {
  constructor(resource: string, id: string, source?: ErrorSource) {
    super(404, 'not_found', 'Not found', `${resource} '${id}' was not found.`, source);
  }
}

export class ConflictError extends AppError {
  constructor(detail: string, code = 'conflict') {
    super(409, code, 'Conflict', detail);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', 'Payload too large', `The request body exceeds ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'unsupported_media_type', 'Unsupported media type', 'Send the body as application/json.', {
      header: 'Content-Type',
    });
  }
}

export interface ValidationIssue {
  readonly pointer?: string;
  readonly parameter?: string;
  readonly header?: string;
  readonly detail: string;
  readonly code?: string;
}

/** 422 with one error object per issue, each with its source. */
export class ValidationError extends AppError {
  constructor(readonly issues: readonly ValidationIssue[]) {
    const objects: ErrorObject[] = issues.map((issue) => ({
      status: 422,
      code: issue.code ?? 'validation_failed',
      title: 'Validation failed',
      detail: issue.detail,
      source: sourceOf(issue),
    }));
    const [first, ...others] = objects;
    super(422, first!.code, first!.title, first!.detail, first!.source, others);
  }

  static field(pointer: string, detail: string, code?: string): ValidationError {
    return new ValidationError([{ pointer, detail, code }]);
  }
}

function sourceOf(issue: ValidationIssue): ErrorSource {
  if (issue.pointer !== undefined) return { pointer: issue.pointer };
  if (issue.parameter !== undefined) return { parameter: issue.parameter };
  if (issue.header !== undefined) return { header: issue.header };
  return { pointer: '' };
}

/** A business rule refused the request (422), e.g. a frozen account. */
export class BusinessRuleError extends AppError {
  constructor(code: string, detail: string, source?: ErrorSource) {
    super(422, code, 'Request refused', detail, source);
  }
}

export class InsufficientFundsError extends AppError {
  constructor(detail = 'The account has insufficient available funds.', source?: ErrorSource) {
    super(422, 'insufficient_funds', 'Insufficient funds', detail, source);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number, detail = 'Too many requests.') {
    super(429, 'rate_limited', 'Too many requests', detail);
  }
}

/** A shared resource stayed busy (e.g. another process holds it); the same request should succeed after `retryAfterSeconds`. */
export class ServiceBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number, detail: string, code = 'service_busy') {
    super(503, code, 'Service busy', detail);
  }
}
