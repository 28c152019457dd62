import { describe, expect, it } from 'vitest';
import { classifyLoadError } from './errors';

const named = (name: string, extra: object = {}) => Object.assign(new Error('x'), { name, ...extra });

describe('classifyLoadError', () => {
  it.each([
    [named('PasswordException', { code: 1 }), 'passwordNeeded'],
    [named('PasswordException', { code: 2 }), 'passwordIncorrect'],
    [named('InvalidPDFException'), 'invalid'],
    [named('MissingPDFException'), 'missing'],
    [named('ResponseException', { status: 404, missing: true }), 'missing'],
    [named('ResponseException', { status: 403, missing: false }), 'forbidden'],
    [named('ResponseException', { status: 500, missing: false }), 'unexpectedResponse'],
    [named('UnexpectedResponseException', { status: 502 }), 'unexpectedResponse'],
    [named('AbortException'), 'aborted'],
    [new Error('Loading aborted'), 'aborted'],
    [named('UnknownErrorException'), 'unknown'],
    [new Error('something else'), 'cannotLoad'],
    ['a string', 'cannotLoad'],
    [null, 'cannotLoad'],
  ])('%s → %s', (error, kind) => {
    expect(classifyLoadError(error).kind).toBe(kind);
  });

  it('keeps the HTTP status of an unexpected response', () => {
    expect(classifyLoadError(named('ResponseException', { status: 500 }))).toEqual({ kind: 'unexpectedResponse', status: 500 });
  });
});
