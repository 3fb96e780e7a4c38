/**
 * The schedule's simple choices (every day, week or month at a time) as crontabs and back. The
 * crontab stays the one stored value; a crontab no preset can say is "custom".
 */
export type SchedulePreset =
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; weekday: number; hour: number; minute: number }
  | { kind: 'monthly'; day: number; hour: number; minute: number }
  | { kind: 'custom' };

export type SchedulePresetKind = SchedulePreset['kind'];

export const SCHEDULE_PRESET_KINDS: readonly SchedulePresetKind[] = ['daily', 'weekly', 'monthly', 'custom'];

/** Superset's report modal starts weekly, on Monday at noon. */
export const DEFAULT_CRONTAB = '0 12 * * 1';

const NUMBER = /^\d{1,2}$/;

function field(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !NUMBER.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** The preset a crontab is, or custom. */
export function presetOf(crontab: string): SchedulePreset {
  const parts = crontab.trim().split(/\s+/);
  if (parts.length !== 5) return { kind: 'custom' };
  const [minuteText, hourText, dayText, month, weekdayText] = parts;
  const minute = field(minuteText, 0, 59);
  const hour = field(hourText, 0, 23);
  if (minute === null || hour === null || month !== '*') return { kind: 'custom' };
  if (dayText === '*' && weekdayText === '*') return { kind: 'daily', hour, minute };
  const weekday = field(weekdayText, 0, 6);
  if (dayText === '*' && weekday !== null) return { kind: 'weekly', weekday, hour, minute };
  const day = field(dayText, 1, 31);
  if (day !== null && weekdayText === '*') return { kind: 'monthly', day, hour, minute };
  return { kind: 'custom' };
}

/** The crontab of a preset; a custom one keeps `current`. */
export function crontabOf(preset: SchedulePreset, current: string): string {
  switch (preset.kind) {
    case 'daily':
      return `${preset.minute} ${preset.hour} * * *`;
    case 'weekly':
      return `${preset.minute} ${preset.hour} * * ${preset.weekday}`;
    case 'monthly':
      return `${preset.minute} ${preset.hour} ${preset.day} * *`;
    case 'custom':
      return current;
  }
}

/** Switches a crontab to another preset kind, keeping its time (noon, Monday, the 1st by default). */
export function switchPreset(kind: SchedulePresetKind, crontab: string): string {
  const current = presetOf(crontab);
  const hour = current.kind === 'custom' ? 12 : current.hour;
  const minute = current.kind === 'custom' ? 0 : current.minute;
  switch (kind) {
    case 'daily':
      return crontabOf({ kind, hour, minute }, crontab);
    case 'weekly':
      return crontabOf(
        { kind, hour, minute, weekday: current.kind === 'weekly' ? current.weekday : 1 },
        crontab,
      );
    case 'monthly':
      return crontabOf({ kind, hour, minute, day: current.kind === 'monthly' ? current.day : 1 }, crontab);
    case 'custom':
      return crontab;
  }
}

/** 'HH:MM' of a preset's time. */
export function timeText(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The hour and minute of an 'HH:MM' text, or null. */
export function parseTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}
