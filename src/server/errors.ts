/** The one error type of the API, and the one place that turns any error into a JSON answer. */
import { z } from 'zod';
import type { ErrorCode } from '../lib/api/errors.ts';
import { answer, type JsonAnswer } from './http/requestAndAnswer.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message: string, details?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

/** A zod failure as a 400 with one entry per field: `{ path, message }`. */
export function invalidBody(error: z.ZodError): ApiError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new ApiError(400, 'invalid_body', 'The request body is not valid.', { issues });
}

/** Known errors keep their status and code; anything else is logged and answered with a bare 500. */
export function errorAnswer(error: unknown, log: (message: string, error: unknown) => void = console.error): JsonAnswer {
  if (error instanceof z.ZodError) error = invalidBody(error);
  if (error instanceof ApiError) {
    return answer({ error: { code: error.code, message: error.message, ...error.details } }, error.status, error.headers ?? {});
  }
  // A PostgreSQL data exception (class 22: a NUL byte, a value out of range…) means input the schemas let through:
  // still the caller's input, so a 400, and logged so the schema can be tightened.
  if (isDataException(error)) {
    // The code only: the error names the statement's values, which may be someone's e-mail address or name.
    log('Input the schemas let through was refused by the database:', `SQLSTATE ${(error as { code: string }).code}`);
    return errorAnswer(new ApiError(400, 'invalid_body', 'The request body is not valid.'), log);
  }
  log('Unexpected error in the API:', error);
  return answer({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again later.' } }, 500);
}

function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
