// A crontab in words, like Superset's `crontab_humanized` (cron_descriptor with its defaults:
// 12-hour clock in English, e.g. 'At 09:00 AM'). cronstrue's i18n build carries the Russian
// text, where it uses the 24-hour clock ('В 09:00').
import cronstrue from 'cronstrue/i18n.js';
import { crontabProblem } from './schedule.ts';

/** The crontab described in `language`; an invalid crontab comes back as it is. */
export function humanizeCrontab(crontab: string, language: 'en' | 'ru'): string {
  if (crontabProblem(crontab) !== null) return crontab;
  try {
    return cronstrue.toString(crontab.trim(), { locale: language });
  } catch {
    return crontab;
  }
}
