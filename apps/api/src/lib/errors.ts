import type { ErrorCode, FieldError } from '@bansi/shared';

/** An error the client should see as a problem response with this status and code. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    public readonly errors?: FieldError[],
    public readonly vars?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const conflict = (code: ErrorCode = 'CONFLICT') => new AppError(409, code);
/**
 * A 409 naming the fields whose value another row already has (a unique key): the same answer whether
 * the service's own look-up sees the twin first or the database's unique index refuses the write of a
 * concurrent one (then without the fields: plugins/problems.ts, docs/decisions/140).
 */
export const duplicate = (errors: FieldError[]) => new AppError(409, 'CONFLICT', errors);
/** A 400 with field errors, for rules the schema alone cannot state (uniqueness, cross-field checks). */
export const invalid = (errors: FieldError[]) => new AppError(400, 'VALIDATION', errors);
