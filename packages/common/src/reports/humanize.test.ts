import { describe, expect, it } from 'vitest';
import { humanizeCrontab } from './humanize.ts';

describe('humanizeCrontab', () => {
  it('describes a crontab in English like cron_descriptor', () => {
    expect(humanizeCrontab('0 9 * * *', 'en')).toBe('At 09:00 AM');
    expect(humanizeCrontab('*/5 * * * *', 'en')).toBe('Every 5 minutes');
    expect(humanizeCrontab('0 9 * * 1-5', 'en')).toBe('At 09:00 AM, Monday through Friday');
    expect(humanizeCrontab('0 9,17 * * MON', 'en')).toBe('At 09:00 AM and 05:00 PM, only on Monday');
    expect(humanizeCrontab('30 2 1 JAN *', 'en')).toBe('At 02:30 AM, on day 1 of the month, only in January');
  });

  it('describes a crontab in Russian with the 24-hour clock', () => {
    expect(humanizeCrontab('0 9 * * *', 'ru')).toBe('В 09:00');
    expect(humanizeCrontab('*/5 * * * *', 'ru')).toBe('Каждые 5 минут');
    expect(humanizeCrontab('0 9 * * 1-5', 'ru')).toBe('В 09:00, с понедельника по пятницу');
    expect(humanizeCrontab('0 9,17 * * MON', 'ru')).toBe('В 09:00 и 17:00, только в понедельник');
  });

  it('returns an invalid crontab unchanged', () => {
    expect(humanizeCrontab('bad', 'en')).toBe('bad');
    expect(humanizeCrontab('0 0 9 * * *', 'ru')).toBe('0 0 9 * * *');
    expect(humanizeCrontab('61 * * * *', 'en')).toBe('61 * * * *');
  });
});
