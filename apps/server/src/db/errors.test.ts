import { describe, expect, it } from 'vitest';
import { isConnectionError, isDataException, isUniqueViolation } from './errors';

/** The shape pg gives its DatabaseError, wrapped by drizzle as a cause. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: …'), { cause });

describe('database error classes', () => {
  it.each([
    [pgError('08006'), true],
    [pgError('57P01', 'terminating connection due to administrator command'), true],
    [pgError('53300', 'too many connections'), true],
    [pgError('55000', 'database "x" is not currently accepting connections'), true],
    [pgError('55000', 'object not in prerequisite state'), false],
    [wrapped(pgError('57P01')), true],
    [pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'), true],
    [new Error('Connection terminated unexpectedly'), true],
    [pgError('23505'), false],
    [pgError('22P05'), false],
    [new TypeError('a bug'), false],
    [undefined, false],
  ])('isConnectionError(%o) is %s', (error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });

  it('tells data exceptions and unique violations apart, through a wrapper too', () => {
    expect(isDataException(wrapped(pgError('22P05')))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23505')))).toBe(true);
    expect(isUniqueViolation(pgError('22P05'))).toBe(false);
  });
});
