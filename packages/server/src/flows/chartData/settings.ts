import type { AppContext } from '../../http/types.ts';

/**
 * Chart data settings: Superset's names in comments. They come from the configuration
 * (VITRINA_CACHE_DEFAULT_TIMEOUT, VITRINA_QUERY_TIMEOUT, VITRINA_ROW_LIMIT_MAX,
 * VITRINA_SAMPLES_ROW_LIMIT); tests override them per app context with configureChartData.
 */
export interface ChartDataSettings {
  /** DATA_CACHE_CONFIG CACHE_DEFAULT_TIMEOUT: seconds a result stays cached when nothing else says. */
  defaultCacheTimeoutSeconds: number;
  /** SUPERSET_WEBSERVER_TIMEOUT: a chart query past it is cancelled in the database (ms). */
  queryTimeoutMs: number;
  /** SQL_MAX_ROW: a row_limit above it is refused with 400. */
  maxRowLimit: number;
  /** SAMPLES_ROW_LIMIT: rows of a samples / drill-detail query at most. */
  samplesRowLimit: number;
  /** How long another server's identical query is waited for before running it here (ms). */
  lockWaitMs: number;
  /** Interval of the polls for that query's cached value (ms). */
  lockPollMs: number;
}

export const DEFAULT_CHART_DATA_SETTINGS: ChartDataSettings = {
  defaultCacheTimeoutSeconds: 24 * 60 * 60,
  queryTimeoutMs: 60_000,
  maxRowLimit: 100_000,
  samplesRowLimit: 1000,
  lockWaitMs: 60_000,
  lockPollMs: 100,
};

const overrides = new WeakMap<AppContext, ChartDataSettings>();

export function chartDataSettings(ctx: AppContext): ChartDataSettings {
  const overridden = overrides.get(ctx);
  if (overridden) return overridden;
  const configured = ctx.config.chartData;
  return {
    ...DEFAULT_CHART_DATA_SETTINGS,
    defaultCacheTimeoutSeconds: configured.defaultCacheTimeoutSeconds,
    queryTimeoutMs: configured.queryTimeoutSeconds * 1000,
    maxRowLimit: configured.maxRowLimit,
    samplesRowLimit: configured.samplesRowLimit,
  };
}

/** Overrides some settings for one app context (tests: a short timeout). */
export function configureChartData(ctx: AppContext, settings: Partial<ChartDataSettings>): void {
  overrides.set(ctx, { ...chartDataSettings(ctx), ...settings });
}
