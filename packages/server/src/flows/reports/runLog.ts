import { runErrorParamsJson } from '@vitrina/common/reports/runErrors';
import type { LogRecord } from '@vitrina/common/reports/states';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { recordRun, type ScheduleChanges } from './repo.ts';

/**
 * The execution-log rows of one run, as Superset writes them: every state the run passes through is
 * a row (scheduled time, start, end, the alert's value) and, for a scheduled run, also the schedule's
 * last_state and last_eval_dttm, in the same transaction.
 */
export class RunLog {
  private value: number | null = null;
  private valueRowJson: string | null = null;
  private valueChanged = false;

  constructor(
    private readonly db: Kysely<MetastoreSchema>,
    private readonly scheduleId: number,
    private readonly scheduled: Date,
    private readonly started: Date,
    /** False for a send on request: it leaves the schedule's state to the schedule. */
    private readonly updatesSchedule = true,
  ) {}

  /** The alert's value, written on the next row and on the schedule. */
  setValue(value: number | null, valueRowJson: string | null): void {
    this.value = value;
    this.valueRowJson = valueRowJson;
    this.valueChanged = true;
  }

  async record(record: LogRecord, extra: ScheduleChanges = {}): Promise<void> {
    const now = new Date().toISOString();
    const schedule: ScheduleChanges | null = this.updatesSchedule
      ? {
          last_state: record.state,
          last_eval_dttm: now,
          ...(this.valueChanged && { last_value: this.value, last_value_row_json: this.valueRowJson }),
          ...extra,
        }
      : null;
    await recordRun(
      this.db,
      this.scheduleId,
      {
        scheduledDttm: this.scheduled.toISOString(),
        startDttm: this.started.toISOString(),
        endDttm: now,
        state: record.state,
        errorMessage: record.errorMessage,
        errorCode: record.error?.code ?? null,
        errorParamsJson: record.error ? runErrorParamsJson(record.error) : null,
        value: this.value,
        valueRowJson: this.valueRowJson,
      },
      schedule,
    );
  }
}
