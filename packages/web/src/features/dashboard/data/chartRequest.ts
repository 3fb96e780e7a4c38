import type { ChartDataResult, QueryContext } from '@vitrina/common';
import type { FetchOptions } from '../../../viz/useChartData.ts';

/** What an aborted chart rejects with: its signal's reason, as the per-chart fetcher does. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * One chart's request inside a dashboard batch: it settles once — with its line, its failure, its
 * abort or its timeout — and then tells its batch (which cancels the HTTP request when all are done).
 */
export class ChartRequest {
  settled = false;
  onSettle: () => void = () => {};
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly key: string,
    readonly sliceId: number,
    readonly queryContext: QueryContext,
    readonly options: FetchOptions,
    private readonly resolve: (results: ChartDataResult[]) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Rejects with `error` when no answer came within `ms`. */
  expireAfter(ms: number, error: () => unknown): void {
    this.timer = setTimeout(() => this.fail(error()), ms);
  }

  succeed(results: ChartDataResult[]): void {
    if (this.finish()) this.resolve(results);
  }

  fail(error: unknown): void {
    if (this.finish()) this.reject(error);
  }

  private finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    this.onSettle();
    return true;
  }
}
