/**
 * A dashboard's json_metadata (reference §4.4). Native filters and cross-filter scoping (issue 8) keep
 * their item types in `common/filters`; here they stay opaque.
 */

export const FILTER_BAR_ORIENTATIONS = ['VERTICAL', 'HORIZONTAL'] as const;
export type FilterBarOrientation = (typeof FILTER_BAR_ORIENTATIONS)[number];

/** The metadata version this code writes; older documents are upgraded on load. */
export const DASHBOARD_METADATA_VERSION = 1;

export interface DashboardMetadata {
  /** Not in Superset's schema: our document version (DESIGN §3.10); absent means version 0. */
  version?: number;
  color_scheme?: string | null;
  color_namespace?: string | null;
  color_scheme_domain?: string[];
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  refresh_frequency?: number;
  stagger_refresh?: boolean;
  /** Milliseconds over which a periodic refresh spreads the charts (at least 5000 by default). */
  stagger_time?: number;
  timed_refresh_immune_slices?: number[];
  expanded_slices?: Record<string, boolean>;
  cross_filters_enabled?: boolean;
  default_filters?: string;
  filter_scopes?: Record<string, unknown>;
  chart_configuration?: Record<string, unknown>;
  global_chart_configuration?: Record<string, unknown>;
  native_filter_configuration?: unknown[];
  filter_bar_orientation?: FilterBarOrientation;
  positions?: Record<string, unknown>;
  filter_sets_configuration?: unknown[];
  native_filter_migration?: Record<string, unknown>;
  import_time?: number;
  remote_id?: number;
}

export const DEFAULT_STAGGER_TIME_MS = 5000;
