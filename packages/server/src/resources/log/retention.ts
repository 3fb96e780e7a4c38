import type { AppContext } from '../../http/types.ts';
import { deleteLogsBefore } from './repo.ts';

/**
 * Deletes action log rows older than VITRINA_LOG_RETENTION_DAYS (the scheduler's `action-log-retention`
 * task, hourly); 0 keeps the log forever. Answers how many rows went.
 */
export async function pruneActionLog(ctx: AppContext, now = new Date()): Promise<number> {
  const days = ctx.config.logRetentionDays;
  if (days <= 0) return 0;
  return deleteLogsBefore(ctx.metastore.db, new Date(now.getTime() - days * 86_400_000).toISOString());
}
