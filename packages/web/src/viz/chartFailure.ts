import { ApiError, ERROR_TYPES, errorText } from '../api/errors.ts';

/** Why a chart's data did not arrive: the server said no, the request never got an answer, or it ran out of time. */
export type ChartFailureKind = 'server' | 'network' | 'timeout';

export interface ChartFailure {
  kind: ChartFailureKind;
  /** The error as thrown; an ApiError also carries the link and the timeout issue hints the error box shows. */
  error: unknown;
  /** The chart timeout, for the timeout text. */
  timeoutSeconds: number;
}

export function chartFailureOf(error: unknown, timeoutSeconds: number): ChartFailure {
  const errorType = error instanceof ApiError ? error.errorType : undefined;
  const kind: ChartFailureKind =
    errorType === ERROR_TYPES.timeout ? 'timeout' : errorType === ERROR_TYPES.network ? 'network' : 'server';
  return { kind, error, timeoutSeconds };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The text of the chart's error box: the first query error, 'Network error.' or the timeout text. */
export function chartFailureText(failure: ChartFailure, t: Translate): string {
  if (failure.kind === 'network') return t('viz.chartState.networkError');
  if (failure.kind === 'timeout')
    return t('viz.chartState.queryTimeout', { seconds: failure.timeoutSeconds });
  return errorText(failure.error, t);
}
