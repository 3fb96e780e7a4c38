import {
  DASHBOARD_OVERWRITE_MESSAGE,
  type DashboardOverwriteConflict,
  type SaveComparable,
  staleSaveDiff,
} from '@vitrina/common';
import { BadRequestError, HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DashboardRow } from './repo.ts';

/**
 * A save made from a stale copy: the client sends the `changed_on` it loaded, and someone saved the
 * dashboard after that. With the CONFIRM_DASHBOARD_DIFF flag on the save is refused with 409 and the
 * differing fields, so the person confirms the overwrite; with it off the save goes through and the
 * last write wins, as in Superset.
 */

export const CONFIRM_DIFF_FLAG = 'CONFIRM_DASHBOARD_DIFF';

class OverwriteConflictError extends HttpError {
  constructor(body: DashboardOverwriteConflict) {
    // Fields beside `message`, which the one error shape allows; DashboardOverwriteConflict names them.
    super(409, body as unknown as { message: string });
  }
}

/** The stored values of the fields a save compares, as the API writes them. */
export interface StoredValues {
  row: DashboardRow;
  owners: number[];
  roles: number[];
}

/** The fields of `incoming` (already normalised) whose stored value differs (common's comparison). */
export function differingFields(
  stored: StoredValues,
  incoming: Record<string, unknown>,
): DashboardOverwriteConflict['diff'] {
  const server: SaveComparable = {
    ...(stored.row as unknown as SaveComparable),
    owners: stored.owners,
    roles: stored.roles,
  };
  const local = Object.fromEntries(
    Object.entries(incoming).filter(([, value]) => value !== undefined),
  ) as SaveComparable;
  return Object.fromEntries(
    staleSaveDiff(local, server).map((difference) => [
      difference.field,
      { current: difference.server ?? null, incoming: difference.local ?? null },
    ]),
  );
}

/** Whether the dashboard was saved after the client's copy (`loadedChangedOn`). */
export function isStale(storedChangedOn: string, loadedChangedOn: string): boolean {
  const loaded = Date.parse(loadedChangedOn);
  if (Number.isNaN(loaded)) throw new BadRequestError({ changed_on: ['Not a valid datetime.'] });
  return Date.parse(storedChangedOn) > loaded;
}

/** Refuses a stale save with the differences when the feature flag asks for confirmation. */
export function refuseStaleSave(
  ctx: AppContext,
  loadedChangedOn: string | undefined,
  stored: StoredValues,
  incoming: Record<string, unknown>,
): void {
  if (loadedChangedOn === undefined || !isStale(stored.row.changed_on, loadedChangedOn)) return;
  if (ctx.config.featureFlags[CONFIRM_DIFF_FLAG] !== true) return;
  const diff = differingFields(stored, incoming);
  if (Object.keys(diff).length === 0) return;
  throw new OverwriteConflictError({
    message: DASHBOARD_OVERWRITE_MESSAGE,
    changed_on: stored.row.changed_on,
    diff,
  });
}
