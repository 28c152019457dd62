/** Why a document could not be shown (DESIGN §5). Each has a message in viewer.errors.<kind>. */
export type LoadErrorKind =
  'passwordNeeded' | 'passwordIncorrect' | 'invalid' | 'missing' | 'forbidden' | 'unexpectedResponse' | 'unknown' | 'aborted' | 'cannotLoad';

export interface LoadError {
  kind: LoadErrorKind;
  /** HTTP status, for unexpected responses */
  status?: number;
}

/** pdf.js PasswordResponses */
export const NEED_PASSWORD = 1;
export const INCORRECT_PASSWORD = 2;

/**
 * Sorts what pdf.js rejected with. pdf.js 5 names its exceptions (`error.name`); MissingPDFException and
 * UnexpectedResponseException of older releases became one ResponseException with `status` and `missing`.
 */
export function classifyLoadError(error: unknown): LoadError {
  if (!error || typeof error !== 'object') return { kind: 'cannotLoad' };
  const e = error as { name?: string; code?: number; status?: number; missing?: boolean; message?: string };
  switch (e.name) {
    case 'PasswordException':
      return { kind: e.code === INCORRECT_PASSWORD ? 'passwordIncorrect' : 'passwordNeeded' };
    case 'InvalidPDFException':
    case 'FormatError':
      return { kind: 'invalid' };
    case 'MissingPDFException':
      return { kind: 'missing' };
    case 'ResponseException':
    case 'UnexpectedResponseException':
      if (e.missing || e.status === 404 || e.status === 410) return { kind: 'missing' };
      if (e.status === 401 || e.status === 403) return { kind: 'forbidden', status: e.status };
      return { kind: 'unexpectedResponse', status: e.status };
    case 'AbortException':
      return { kind: 'aborted' };
    case 'UnknownErrorException':
      return { kind: 'unknown' };
    default:
      if (e.message === 'Loading aborted' || e.message?.startsWith('Worker was destroyed')) return { kind: 'aborted' };
      return { kind: 'cannotLoad' };
  }
}
