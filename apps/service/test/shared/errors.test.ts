/**
 * The service's errors take their statuses from the document's `ErrorCode`: each kind is made
 * from a code, answers the status the code's description gives, and stays a class of its own.
 */
import { enumerations } from '@street-events/types';
import { describe, expect, it } from 'vitest';
import {
  codeByStatus,
  LockedError,
  MethodNotAllowedError,
  NotFoundError,
  RequestValidationError,
  ServiceError,
  statusByCode,
  ValidationError,
} from '../../src/shared/errors.js';

describe('error codes', () => {
  it('every code of the document but its placeholder stands for exactly one status', () => {
    expect(Object.values(codeByStatus).sort()).toEqual([...enumerations.ErrorCode.values].sort());
  });

  it("every code's description, for people, begins with the status the document gives it", () => {
    for (const code of enumerations.ErrorCode.values) {
      expect(enumerations.ErrorCode.texts[code].startsWith(`${statusByCode[code]}:`), code).toBe(true);
    }
  });
});

describe('service errors', () => {
  it('answers the status of the code it is made from', () => {
    expect(new NotFoundError('gone').status).toBe(statusByCode.not_found);
  });

  it('is named for its own class', () => {
    expect([new NotFoundError('gone').name, new ValidationError('bad').name]).toEqual([
      'NotFoundError',
      'ValidationError',
    ]);
  });

  it('is an instance of its own class and of ServiceError', () => {
    const error = new NotFoundError('gone');
    expect([error instanceof NotFoundError, error instanceof ServiceError]).toEqual([true, true]);
  });

  it('two kinds of one code are not instances of each other', () => {
    expect(new RequestValidationError([]) instanceof ValidationError).toBe(false);
  });

  it('keeps the fields a kind adds', () => {
    const locked = new LockedError('locked', 300);
    const notAllowed = new MethodNotAllowedError('no', ['GET']);
    expect([locked.retryAfterSeconds, locked.status, notAllowed.allow]).toEqual([300, statusByCode.locked, ['GET']]);
  });
});
