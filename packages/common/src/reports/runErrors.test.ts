import { describe, expect, it } from 'vitest';
import {
  RUN_ERROR_CODES,
  RUN_ERROR_TEXTS,
  runError,
  runErrorLine,
  runErrorParamsJson,
  runErrorText,
  storedRunError,
} from './runErrors.ts';

describe('run error texts', () => {
  it('says each code in English and in Russian, with its parameters', () => {
    const tooLarge = runError('mail_too_large', { size: '12.5', limit: '10.0' });
    expect(runErrorText(tooLarge, 'en')).toBe(
      'The report is too large to send by e-mail: 12.5 MB, the limit is 10.0 MB (VITRINA_REPORT_MAX_MAIL_BYTES)',
    );
    expect(runErrorText(tooLarge, 'ru')).toBe(
      'Отчёт слишком велик для отправки по почте: 12.5 МБ, а допускается 10.0 МБ (VITRINA_REPORT_MAX_MAIL_BYTES)',
    );
    expect(runErrorText(runError('no_mail_server'), 'ru')).toBe('Почтовый сервер не настроен (SMTP_URL)');
    expect(runErrorText(runError('no_mail_server'), 'en')).toBe('No mail server is configured (SMTP_URL)');
  });

  it('falls back to English for another language', () => {
    expect(runErrorText(runError('drew_nothing'), 'de')).toBe('The dashboard drew nothing');
    expect(runErrorText(runError('drew_nothing'), null)).toBe('The dashboard drew nothing');
  });

  it('has a Russian text for every code, different from the English one, with the same parameters', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const code of RUN_ERROR_CODES) {
      expect(RUN_ERROR_TEXTS.ru[code], code).not.toBe(RUN_ERROR_TEXTS.en[code]);
      expect(RUN_ERROR_TEXTS.ru[code], code).toMatch(/[а-яё]/i);
      expect(names(RUN_ERROR_TEXTS.ru[code]), code).toEqual(names(RUN_ERROR_TEXTS.en[code]));
    }
  });

  it('puts someone else’s text after ours as it came', () => {
    const failed = runError('alert_query_failed', {}, 'Catalog Error: Table with name nope does not exist!');
    expect(runErrorLine(failed, 'ru')).toBe(
      'Запрос оповещения завершился ошибкой: Catalog Error: Table with name nope does not exist!',
    );
  });

  it('reads back what a log row stores, and nothing from an unknown code', () => {
    const error = runError('alert_no_access', { database: 'Sales' }, 'details');
    expect(storedRunError(error.code, runErrorParamsJson(error))).toEqual(error);
    expect(storedRunError('no_such_code', '{}')).toBeNull();
    expect(storedRunError(null, null)).toBeNull();
    expect(storedRunError('drew_nothing', 'not json')).toEqual(runError('drew_nothing'));
  });
});
