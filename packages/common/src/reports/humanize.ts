// A crontab in words, like Superset's `crontab_humanized` (cron_descriptor with its defaults:
// 12-hour clock in English, e.g. 'At 09:00 AM'). cronstrue's Russian locale, registered on import,
// uses the 24-hour clock ('В 09:00'). Only the two languages are loaded: cronstrue's i18n build
// carries some forty (190 kB of the page that schedules reports).
import cronstrue from 'cronstrue';
import 'cronstrue/locales/ru.js';
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
