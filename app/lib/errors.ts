/**
 * Typed domain errors. Models throw them; adapters (screens, /api, CLI) map them to a status and a
 * user-safe message. `fields` carries per-field messages for forms and /api validation answers.
 */
export class DomainError extends Error {
  status = 500;
  constructor(
    message: string,
    public fields?: Record<string, string[]>,
    public extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base of the domain errors that answer with `status`. */
const withStatus = (status: number) =>
  class extends DomainError {
    status = status;
  };

export class ValidationError extends withStatus(400) {}
export class Unauthorized extends withStatus(401) {}
export class Forbidden extends withStatus(403) {}
export class NotFound extends withStatus(404) {}
export class Conflict extends withStatus(409) {}
export class PayloadTooLarge extends withStatus(413) {}
export class UnsupportedMedia extends withStatus(415) {}

export class TooManyRequests extends DomainError {
  status = 429;
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * 503 with Retry-After: the server sheds load (e.g. the password-hashing queue is full). A kind of
 * TooManyRequests, so every adapter that sends Retry-After for 429 does so here too.
 */
export class ServiceUnavailable extends TooManyRequests {
  status = 503;
}

/** Postgres unique violation (both drivers expose the SQLSTATE as `code`). */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as {
    code?: string;
    constraint_name?: string;
    constraint?: string;
    cause?: unknown;
  };
  if (err?.code === "23505") {
    const name = err.constraint_name ?? err.constraint;
    return !constraint || !name || name === constraint;
  }
  return err?.cause ? isUniqueViolation(err.cause, constraint) : false;
}
export function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: unknown };
  if (err?.code === "23503") return true;
  return err?.cause ? isForeignKeyViolation(err.cause) : false;
}
