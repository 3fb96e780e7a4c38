import { createHash } from 'node:crypto';

/**
 * Which picture a thumbnail URL names. The digest covers everything the picture depends on: the
 * object, its last change (a dashboard's layout and metadata changes bump changed_on too), for a
 * dashboard its charts' last change (a chart edited alone leaves the dashboard's changed_on) and the
 * viewer with their roles, since pictures are drawn with the viewer's rights (Superset's
 * THUMBNAIL_EXECUTE_AS current user): one user's row-level security never shows through another's
 * picture, and a change of roles draws a new one.
 */

export type ThumbnailKind = 'chart' | 'dashboard';

export interface ThumbnailSource {
  kind: ThumbnailKind;
  id: number;
  changedOn: string;
  /** A dashboard's charts' stamp (chartsStampOf): their last change and count. */
  chartsStamp?: string | undefined;
  userId: number;
  roles: readonly string[];
}

/** 32 hex digits, as long as Superset's MD5 digests, so clients that store them need no change. */
export function thumbnailDigest(source: ThumbnailSource): string {
  const parts = [
    source.kind,
    source.id,
    source.changedOn,
    source.chartsStamp ?? '',
    source.userId,
    [...source.roles].sort(),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

export function thumbnailPath(kind: ThumbnailKind, id: number, digest: string): string {
  return `/api/v1/${kind}/${id}/thumbnail/${digest}/`;
}

/** The user lists and show answers draw thumbnails for; null when thumbnails are off. */
export type ThumbnailViewer = { userId: number; roles: readonly string[] } | null;

/** A row's `thumbnail_url` for the viewer: null when thumbnails are off. */
export function thumbnailUrlFor(
  viewer: ThumbnailViewer,
  kind: ThumbnailKind,
  row: { id: number; changed_on: unknown; charts_stamp?: string | undefined },
): string | null {
  if (!viewer) return null;
  const digest = thumbnailDigest({
    kind,
    id: row.id,
    changedOn: String(row.changed_on),
    chartsStamp: row.charts_stamp,
    userId: viewer.userId,
    roles: viewer.roles,
  });
  return thumbnailPath(kind, row.id, digest);
}
