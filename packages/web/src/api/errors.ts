/**
 * Turns a failed request into an ApiError, following the spec's error catalogue: the server's text comes
 * from errors[0].message (with its extra.link), else message, else error; otherwise the status text.
 * Client-side failures (network, timeout, CSRF) carry an i18n key so the UI shows them in its language.
 */
import { isRecord } from '@vitrina/common/isRecord';

export const ERROR_TYPES = {
  csrf: 'FRONTEND_CSRF_ERROR',
  network: 'FRONTEND_NETWORK_ERROR',
  timeout: 'FRONTEND_TIMEOUT_ERROR',
} as const;

/** The status the catalogue gives to a request that never got an answer. */
export const NETWORK_ERROR_STATUS = 599;

const STATUS_TEXT_KEYS: Record<number, string> = {
  400: 'errors.status.badRequest',
  401: 'errors.status.unauthorized',
  403: 'errors.status.forbidden',
  404: 'errors.status.notFound',
  500: 'errors.status.serverError',
  502: 'errors.status.badGateway',
  503: 'errors.status.serviceUnavailable',
  504: 'errors.status.gatewayTimeout',
  599: 'errors.status.networkError',
};

const ENGLISH_TEXTS: Record<string, string> = {
  'errors.status.badRequest': 'Bad request',
  'errors.status.unauthorized': 'Unauthorized',
  'errors.status.forbidden': 'Forbidden',
  'errors.status.notFound': 'Not found',
  'errors.status.serverError': 'Server error',
  'errors.status.badGateway': 'Bad gateway',
  'errors.status.serviceUnavailable': 'Service unavailable',
  'errors.status.gatewayTimeout': 'Gateway timeout',
  'errors.status.networkError': 'Network error',
  'errors.networkError': 'Network error',
  'errors.requestTimedOut': 'Request timed out',
  'errors.sessionTimedOut': 'Your session timed out, please refresh your page and try again.',
  'errors.unknown': 'Unknown error',
  'errors.invalidInput': 'Invalid input',
  'errors.issue1000': 'The dataset is too large to query.',
  'errors.issue1001': 'The database is under an unusual load.',
  'asyncQueries.unexpectedStatus': 'Received unexpected response status from the server.',
  'asyncQueries.noResultUrl': 'The query finished without saying where its results are.',
};

/** A numbered hint shown under a timeout ("Issue 1000 - …"). */
export interface ErrorIssue {
  code: number;
  messageKey: string;
}

export const TIMEOUT_ISSUES: readonly ErrorIssue[] = [
  { code: 1000, messageKey: 'errors.issue1000' },
  { code: 1001, messageKey: 'errors.issue1001' },
];

export type FieldErrors = Record<string, string[]>;

interface ApiErrorInit {
  status: number;
  /** The server's own text; empty when the message comes from messageKey. */
  serverMessage?: string;
  messageKey?: string;
  errorType?: string;
  link?: string;
  fieldErrors?: FieldErrors;
  issues?: readonly ErrorIssue[];
  invalidFields?: readonly string[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly messageKey: string | undefined;
  readonly errorType: string | undefined;
  readonly link: string | undefined;
  readonly fieldErrors: FieldErrors;
  readonly issues: readonly ErrorIssue[];
  /** The fields a SIP-40 error names in `extra.invalid` (e.g. a connection test's host or password). */
  readonly invalidFields: readonly string[];

  constructor(init: ApiErrorInit) {
    super(init.serverMessage || ENGLISH_TEXTS[init.messageKey ?? ''] || 'Unknown error');
    this.name = 'ApiError';
    this.status = init.status;
    this.messageKey = init.serverMessage ? undefined : init.messageKey;
    this.errorType = init.errorType;
    this.link = init.link;
    this.fieldErrors = init.fieldErrors ?? {};
    this.issues = init.issues ?? [];
    this.invalidFields = init.invalidFields ?? [];
  }
}

interface SipError {
  message?: unknown;
  error_type?: unknown;
  extra?: { link?: unknown; invalid?: unknown } | null;
}

function asFieldErrors(value: Record<string, unknown>): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    fields[field] = (Array.isArray(messages) ? messages : [messages]).map(String);
  }
  return fields;
}

function describeFieldErrors(fields: FieldErrors): string {
  return Object.entries(fields)
    .filter(([, messages]) => messages.some(Boolean))
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}

function isCsrfFailure(text: string | undefined, errorType: string | undefined): boolean {
  return errorType === 'CSRF_TOKEN_ERROR' || /csrf/i.test(text ?? '');
}

/** Maps an HTTP error response (status + parsed body, or null when it was not JSON). */
export function errorFromResponse(status: number, body: unknown): ApiError {
  let serverMessage: string | undefined;
  let errorType: string | undefined;
  let link: string | undefined;
  let fieldErrors: FieldErrors | undefined;
  let invalidFields: string[] | undefined;
  let fallbackKey = STATUS_TEXT_KEYS[status] ?? 'errors.unknown';

  if (isRecord(body)) {
    const first: SipError | undefined = Array.isArray(body.errors) ? body.errors[0] : undefined;
    if (isRecord(first) && typeof first.message === 'string') {
      serverMessage = first.message;
      errorType = typeof first.error_type === 'string' ? first.error_type : undefined;
      link = isRecord(first.extra) && typeof first.extra.link === 'string' ? first.extra.link : undefined;
      if (isRecord(first.extra) && Array.isArray(first.extra.invalid))
        invalidFields = first.extra.invalid.map(String);
    } else if (typeof body.message === 'string') {
      serverMessage = body.message;
    } else if (isRecord(body.message)) {
      fieldErrors = asFieldErrors(body.message);
      serverMessage = describeFieldErrors(fieldErrors);
      // Field errors without any text are still a refusal of the input (Superset: 'Invalid input').
      fallbackKey = 'errors.invalidInput';
    } else if (typeof body.error === 'string') {
      serverMessage = body.error;
    }
  }

  if (isCsrfFailure(serverMessage, errorType)) {
    return new ApiError({ status, messageKey: 'errors.sessionTimedOut', errorType: ERROR_TYPES.csrf });
  }
  return new ApiError({
    status,
    serverMessage,
    messageKey: fallbackKey,
    errorType,
    link,
    fieldErrors,
    invalidFields,
  });
}

export function networkError(): ApiError {
  return new ApiError({
    status: NETWORK_ERROR_STATUS,
    messageKey: 'errors.networkError',
    errorType: ERROR_TYPES.network,
  });
}

export function timeoutError(): ApiError {
  return new ApiError({
    status: 0,
    messageKey: 'errors.requestTimedOut',
    errorType: ERROR_TYPES.timeout,
    issues: TIMEOUT_ISSUES,
  });
}

export function isCsrfError(error: unknown): boolean {
  return error instanceof ApiError && error.errorType === ERROR_TYPES.csrf;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The text to show for any thrown value, in the UI's language. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) return error.messageKey ? t(error.messageKey) : error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
}

/** What a saved thing is called in the generic save messages (keys under `access.kinds`). */
export type SavedKind = 'dashboard' | 'chart' | 'dataset' | 'savedQuery';

/**
 * The spec's generic save failure: a 403 is 'You do not have permission to edit this %s', anything else
 * 'Sorry, there was an error saving this %s: %s' with the server's reason.
 */
export function saveErrorText(error: unknown, kind: SavedKind, t: Translate): string {
  // In Russian the kind is named in the genitive the sentence needs ('этого набора данных').
  const kindName = t(`access.kinds.${kind}`);
  if (error instanceof ApiError && error.status === 403) return t('access.forbiddenEdit', { kind: kindName });
  return t('access.saveFailed', { kind: kindName, message: errorText(error, t) });
}
