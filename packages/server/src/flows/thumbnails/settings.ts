import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import type { ThumbnailKind, ThumbnailViewer } from './digest.ts';

/** The THUMBNAILS feature flag gates the thumbnail routes and every `thumbnail_url`. */
export const THUMBNAILS_FLAG = 'THUMBNAILS';

export function thumbnailsEnabled(ctx: AppContext): boolean {
  return ctx.config.featureFlags[THUMBNAILS_FLAG] === true;
}

/** Whom `thumbnail_url`s are computed for: the caller, or nobody when the flag is off. */
export function thumbnailViewer(ctx: AppContext, principal: Principal): ThumbnailViewer {
  // A guest has no account a worker's browser could sign in as: no pictures (thumbnail_url null).
  return thumbnailsEnabled(ctx) && !principal.guest ? { userId: principal.id, roles: principal.roles } : null;
}

/** Superset's thumbnail sizes: a window as large as a screen, drawn small. */
export const THUMBNAIL_WINDOWS: Record<ThumbnailKind, { width: number; height: number; scale: number }> = {
  dashboard: { width: 1600, height: 1200, scale: 0.25 },
  chart: { width: 800, height: 600, scale: 0.5 },
};

/** How long a page may take to draw every chart before the capture fails. */
export const CAPTURE_TIMEOUT_MS = 60_000;

/**
 * How long a failed capture is remembered: meanwhile the picture answers 404 at once, so a card shows
 * its placeholder instead of waiting; afterwards the next request tries again.
 */
export const FAILURE_SECONDS = 300;

/**
 * How long a requested capture blocks another one of the same picture: longer than a capture waits
 * in the queue and runs, short enough that a lost job (a worker that died) is retried soon.
 */
export const PENDING_SECONDS = 600;
