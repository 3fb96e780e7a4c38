import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_TYPES,
  errorFromResponse,
  errorText,
  networkError,
  saveErrorText,
  timeoutError,
} from './errors.ts';

const translate = (key: string) => `t:${key}`;

describe('errorFromResponse', () => {
  it('takes errors[0].message and its extra.link first', () => {
    const error = errorFromResponse(403, {
      errors: [
        {
          message: 'You need access to the table',
          error_type: 'TABLE_SECURITY_ACCESS_ERROR',
          level: 'error',
          extra: { link: 'https://example.com/request' },
        },
        { message: 'second', error_type: 'X', level: 'error' },
      ],
      message: 'ignored',
    });
    expect(error.message).toBe('You need access to the table');
    expect(error.link).toBe('https://example.com/request');
    expect(error.errorType).toBe('TABLE_SECURITY_ACCESS_ERROR');
    expect(errorText(error, translate)).toBe('You need access to the table');
  });

  it('falls back to message, then error', () => {
    expect(errorFromResponse(404, { message: 'Not found' }).message).toBe('Not found');
    expect(errorFromResponse(500, { error: 'Boom' }).message).toBe('Boom');
  });

  it("calls field errors without any text 'Invalid input'", () => {
    const error = errorFromResponse(400, { message: { name: [] } });
    expect(error.fieldErrors).toEqual({ name: [] });
    expect(errorText(error, translate)).toBe('t:errors.invalidInput');
    expect(error.message).toBe('Invalid input');
  });

  it('keeps field errors of a 422 and names the field in the message', () => {
    const error = errorFromResponse(422, { message: { email: ['Email already exists'] } });
    expect(error.fieldErrors).toEqual({ email: ['Email already exists'] });
    expect(error.message).toBe('email: Email already exists');
  });

  it.each([
    [400, 'Bad request', 'errors.status.badRequest'],
    [401, 'Unauthorized', 'errors.status.unauthorized'],
    [403, 'Forbidden', 'errors.status.forbidden'],
    [404, 'Not found', 'errors.status.notFound'],
    [500, 'Server error', 'errors.status.serverError'],
    [502, 'Bad gateway', 'errors.status.badGateway'],
    [503, 'Service unavailable', 'errors.status.serviceUnavailable'],
    [504, 'Gateway timeout', 'errors.status.gatewayTimeout'],
    [599, 'Network error', 'errors.status.networkError'],
  ])('uses the status text of %i when the body says nothing', (status, english, key) => {
    const error = errorFromResponse(status, null);
    expect(error.message).toBe(english);
    expect(error.messageKey).toBe(key);
    expect(errorText(error, translate)).toBe(`t:${key}`);
  });

  it('says Unknown error for an unlisted status without a body', () => {
    expect(errorFromResponse(418, '<html>').messageKey).toBe('errors.unknown');
  });

  it('shows a CSRF failure as the session-timed-out message', () => {
    const byType = errorFromResponse(400, {
      errors: [{ message: 'x', error_type: 'CSRF_TOKEN_ERROR', level: 'error' }],
    });
    const byText = errorFromResponse(400, { message: 'The CSRF token is missing.' });
    for (const error of [byType, byText]) {
      expect(error.errorType).toBe(ERROR_TYPES.csrf);
      expect(error.message).toBe('Your session timed out, please refresh your page and try again.');
      expect(errorText(error, translate)).toBe('t:errors.sessionTimedOut');
    }
  });
});

describe('client-side failures', () => {
  it('a failed fetch is a Network error with status 599', () => {
    const error = networkError();
    expect(error.status).toBe(599);
    expect(error.message).toBe('Network error');
    expect(error.errorType).toBe(ERROR_TYPES.network);
  });

  it('a timeout is Request timed out with the issue hints 1000 and 1001', () => {
    const error = timeoutError();
    expect(error.message).toBe('Request timed out');
    expect(error.errorType).toBe(ERROR_TYPES.timeout);
    expect(error.issues.map((issue) => issue.code)).toEqual([1000, 1001]);
    expect(error.issues.map((issue) => issue.messageKey)).toEqual(['errors.issue1000', 'errors.issue1001']);
  });
});

describe('errorText', () => {
  it('reads plain errors and unknown values', () => {
    expect(errorText(new Error('plain'), translate)).toBe('plain');
    expect(errorText('what', translate)).toBe('t:errors.unknown');
    expect(errorText(new ApiError({ status: 500, serverMessage: 'Fatal error' }), translate)).toBe(
      'Fatal error',
    );
  });
});

describe('saveErrorText', () => {
  const english = (key: string, values?: Record<string, string>) =>
    ({
      'access.kinds.dataset': 'dataset',
      'access.forbiddenEdit': `You do not have permission to edit this ${values?.kind}`,
      'access.saveFailed': `Sorry, there was an error saving this ${values?.kind}: ${values?.message}`,
    })[key] ?? key;

  it('says a refusal is a missing permission, any other failure the server reason', () => {
    expect(saveErrorText(errorFromResponse(403, { message: 'Forbidden' }), 'dataset', english)).toBe(
      'You do not have permission to edit this dataset',
    );
    expect(saveErrorText(errorFromResponse(422, { message: 'Name taken' }), 'dataset', english)).toBe(
      'Sorry, there was an error saving this dataset: Name taken',
    );
  });
});
