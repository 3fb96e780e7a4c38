import { createHash } from 'node:crypto';
import { type ThumbnailKind, thumbnailDigest, thumbnailPath } from '../../flows/thumbnails/digest.ts';
import { requestDrawing } from '../../flows/thumbnails/job.ts';
import { readFailure, readPicture } from '../../flows/thumbnails/store.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleChart } from '../charts/access.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { chartsStamp } from '../dashboards/repo.ts';

/**
 * A thumbnail request, as Superset's `thumbnail` endpoints answer it: the caller must see the object;
 * an outdated digest moves to the current one; a kept picture is sent; otherwise a worker is asked to
 * draw it and the caller asks again later.
 */

export type ThumbnailAnswer =
  | { kind: 'picture'; png: Buffer; etag: string }
  | { kind: 'moved'; location: string }
  | { kind: 'drawing' };

/** What a failed capture answers (404): the card shows its placeholder; a later request tries again. */
export const NOT_DRAWN_MESSAGE = 'The thumbnail could not be drawn';

export async function answerThumbnail(
  ctx: AppContext,
  principal: Principal,
  request: { kind: ThumbnailKind; id: number; digest: string; force: boolean },
): Promise<ThumbnailAnswer> {
  const { kind, id } = request;
  // A guest has no account to draw as (and sees no thumbnail_url).
  if (principal.guest) throw new NotFoundError(NOT_DRAWN_MESSAGE);
  const changes = await visibleChanges(ctx, principal, kind, id);
  const digest = thumbnailDigest({ kind, id, ...changes, userId: principal.id, roles: principal.roles });
  if (request.digest !== digest) return { kind: 'moved', location: thumbnailPath(kind, id, digest) };

  const thumbnail = { kind, id, digest };
  const job = { ...thumbnail, userId: principal.id };
  if (request.force) {
    await requestDrawing(ctx, job, true);
    return { kind: 'drawing' };
  }
  const png = await readPicture(ctx, thumbnail);
  if (png) return { kind: 'picture', png, etag: etagOf(png) };
  if ((await readFailure(ctx, thumbnail)) !== undefined) throw new NotFoundError(NOT_DRAWN_MESSAGE);
  await requestDrawing(ctx, job);
  return { kind: 'drawing' };
}

const etagOf = (png: Buffer) => `"${createHash('sha256').update(png).digest('hex').slice(0, 32)}"`;

/**
 * The object's last change (and a dashboard's charts' stamp), when the caller may see it. An object the caller cannot see is not found,
 * whatever its show route says (Superset's base filter), so a picture never tells that it exists.
 */
async function visibleChanges(
  ctx: AppContext,
  principal: Principal,
  kind: ThumbnailKind,
  id: number,
): Promise<{ changedOn: string; chartsStamp?: string }> {
  const db = ctx.metastore.db;
  if (kind === 'chart') return { changedOn: String((await visibleChart(db, principal, id)).changed_on) };
  try {
    const dashboard = await visibleDashboard(db, principal, String(id), rbacEnabled(ctx));
    return { changedOn: String(dashboard.changed_on), chartsStamp: await chartsStamp(db, dashboard.id) };
  } catch (error) {
    if (error instanceof ForbiddenError) throw new NotFoundError();
    throw error;
  }
}
