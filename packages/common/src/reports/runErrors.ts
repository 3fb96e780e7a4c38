// Why a report run failed (or was skipped), as a stable code with its parameters, so each reader
// sees it in their own language: the web by the UI's language, a mail by its owner's. The log row
// also keeps Superset's English error_message, for API clients that read only that. `detail` is text
// that is not ours to translate (a database's or mail server's own error), shown after ours.
import type { LanguageCode } from '../api/security.ts';

export const RUN_ERROR_CODES = [
  'no_mail_server',
  'no_recipient',
  'caller_no_email',
  'mail_too_large',
  'mail_refused',
  'chart_gone',
  'dashboard_gone',
  'unknown_format',
  'dashboard_format',
  'no_chart_query',
  'picture_too_tall',
  'picture_timeout',
  'page_unreachable',
  'page_signed_out',
  'page_failed',
  'chart_failed',
  'drew_nothing',
  'render_failed',
  'alert_no_sql',
  'alert_database_gone',
  'alert_no_access',
  'alert_query_failed',
  'alert_value_invalid',
  'previous_working',
  'working_timeout',
  'grace_period',
  'notification_sent',
  'unexpected',
] as const;
export type RunErrorCode = (typeof RUN_ERROR_CODES)[number];

export type RunErrorParams = Record<string, string | number>;

export interface RunError {
  code: RunErrorCode;
  params: RunErrorParams;
  /** Someone else's text (the database's, the mail server's), shown as it came. */
  detail?: string;
}

export const runError = (code: RunErrorCode, params: RunErrorParams = {}, detail?: string): RunError =>
  detail ? { code, params, detail } : { code, params };

/** `{name}` marks a parameter. */
export const RUN_ERROR_TEXTS: Record<LanguageCode, Record<RunErrorCode, string>> = {
  en: {
    no_mail_server: 'No mail server is configured (SMTP_URL)',
    no_recipient: 'The report has no e-mail address to send to',
    caller_no_email: 'You have no e-mail address to send the report to',
    mail_too_large:
      'The report is too large to send by e-mail: {size} MB, the limit is {limit} MB (VITRINA_REPORT_MAX_MAIL_BYTES)',
    mail_refused: 'The mail server refused the report',
    chart_gone: 'The report’s chart no longer exists',
    dashboard_gone: 'The report’s dashboard no longer exists',
    unknown_format: 'Unknown report format “{format}”',
    dashboard_format: 'A dashboard report cannot be sent as {format}; choose PNG or PDF',
    no_chart_query: 'The chart has no query to show',
    picture_too_tall: 'The dashboard is too tall for a picture: {height} px, the limit is {limit} px',
    picture_timeout: 'The picture did not finish drawing within {seconds} s',
    page_unreachable: 'The web app at {origin} could not be reached to draw the picture',
    page_signed_out: 'The picture’s page could not be opened: not signed in',
    page_failed: 'The picture’s page could not be opened',
    chart_failed: 'Chart “{name}” could not be drawn',
    drew_nothing: 'The dashboard drew nothing',
    render_failed: 'The report could not be drawn',
    alert_no_sql: 'The alert has no database or SQL to run',
    alert_database_gone: 'The alert’s database no longer exists',
    alert_no_access: 'The alert’s owner has no access to the database “{database}”',
    alert_query_failed: 'The alert’s query failed',
    alert_value_invalid: 'The alert’s query did not return one value to compare',
    previous_working: 'The previous run is still working; this one was skipped',
    working_timeout: 'The run did not finish within its working timeout',
    grace_period: 'The alert fired during its grace period and was not sent again',
    notification_sent: 'The owners were told of the error by e-mail',
    unexpected: 'The run failed',
  },
  ru: {
    no_mail_server: 'Почтовый сервер не настроен (SMTP_URL)',
    no_recipient: 'У отчёта нет адреса электронной почты для отправки',
    caller_no_email: 'У вас не указан адрес электронной почты, на который можно отправить отчёт',
    mail_too_large:
      'Отчёт слишком велик для отправки по почте: {size} МБ, а допускается {limit} МБ (VITRINA_REPORT_MAX_MAIL_BYTES)',
    mail_refused: 'Почтовый сервер не принял отчёт',
    chart_gone: 'Диаграммы этого отчёта больше нет',
    dashboard_gone: 'Дашборда этого отчёта больше нет',
    unknown_format: 'Неизвестный формат отчёта «{format}»',
    dashboard_format: 'Дашборд нельзя отправить в формате {format}; выберите PNG или PDF',
    no_chart_query: 'У диаграммы нет запроса, результат которого можно показать',
    picture_too_tall: 'Дашборд слишком высокий для картинки: {height} пикс., допускается {limit} пикс.',
    picture_timeout: 'Картинка не успела отрисоваться за {seconds} с',
    page_unreachable: 'Не удалось открыть веб-приложение по адресу {origin}, чтобы нарисовать картинку',
    page_signed_out: 'Не удалось открыть страницу для картинки: вход не выполнен',
    page_failed: 'Не удалось открыть страницу для картинки',
    chart_failed: 'Не удалось нарисовать диаграмму «{name}»',
    drew_nothing: 'Дашборд ничего не нарисовал',
    render_failed: 'Не удалось подготовить содержимое отчёта',
    alert_no_sql: 'У оповещения не задана база данных или SQL-запрос',
    alert_database_gone: 'Базы данных этого оповещения больше нет',
    alert_no_access: 'У владельца оповещения нет доступа к базе данных «{database}»',
    alert_query_failed: 'Запрос оповещения завершился ошибкой',
    alert_value_invalid: 'Запрос оповещения не вернул одно значение для сравнения',
    previous_working: 'Предыдущий запуск ещё выполняется, этот пропущен',
    working_timeout: 'Запуск не завершился за отведённое время',
    grace_period: 'Оповещение сработало в период ожидания и повторно не отправлялось',
    notification_sent: 'Владельцам отправлено письмо об ошибке',
    unexpected: 'Запуск завершился ошибкой',
  },
};

const isCode = (code: unknown): code is RunErrorCode =>
  typeof code === 'string' && (RUN_ERROR_CODES as readonly string[]).includes(code);

/** Our own words for the error in `language` (English for any other), parameters filled in. */
export function runErrorText(
  error: Pick<RunError, 'code' | 'params'>,
  language: string | null | undefined,
): string {
  const texts = language?.startsWith('ru') ? RUN_ERROR_TEXTS.ru : RUN_ERROR_TEXTS.en;
  return texts[error.code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in error.params ? String(error.params[name]) : whole,
  );
}

/** Ours and, after a colon, the detail: one line for a mail or a tooltip. */
export function runErrorLine(error: RunError, language: string | null | undefined): string {
  const text = runErrorText(error, language);
  return error.detail ? `${text}: ${error.detail}` : text;
}

/**
 * A log row's stored code and parameters (error_code, error_params_json) as a RunError; null for a
 * row without a code (written before codes existed) or one this version does not know.
 */
export function storedRunError(
  code: string | null | undefined,
  paramsJson: string | null | undefined,
): RunError | null {
  if (!isCode(code)) return null;
  let stored: unknown = null;
  try {
    stored = paramsJson ? JSON.parse(paramsJson) : null;
  } catch {
    stored = null;
  }
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const params: RunErrorParams = {};
  const storedParams = record.params && typeof record.params === 'object' ? record.params : {};
  for (const [name, value] of Object.entries(storedParams)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return runError(code, params, typeof record.detail === 'string' ? record.detail : undefined);
}

/** What error_params_json stores: the parameters and the detail. */
export const runErrorParamsJson = (error: RunError): string =>
  JSON.stringify({ params: error.params, ...(error.detail ? { detail: error.detail } : {}) });
