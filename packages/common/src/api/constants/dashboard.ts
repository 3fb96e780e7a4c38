/** The message of a stale save refused under the CONFIRM_DASHBOARD_DIFF feature flag (409). */
export const DASHBOARD_OVERWRITE_MESSAGE = 'Please confirm the overwrite values.';
