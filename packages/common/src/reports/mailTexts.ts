// The words of report and alert mails, in each language a user may prefer. The server has no
// message catalogue of its own for mails, so the few texts live here, typed so that a language
// missing a text fails the build.
import type { LanguageCode } from '../api/security.ts';

export interface ReportMailTexts {
  /** The subject's prefix before the schedule's name, when the schedule sets no subject. */
  reportSubjectPrefix: string;
  alertSubjectPrefix: string;
  /** The link back to the chart or dashboard. */
  openChart: string;
  openDashboard: string;
  /** Before the failure's message in the mail that tells the owners of an error. */
  errorIntro: string;
  /** Before the file names when the content is attached. */
  attached: string;
  /** Instead of a file when the chart's query returned no row this time. */
  noRows: string;
}

export const REPORT_MAIL_TEXTS: Record<LanguageCode, ReportMailTexts> = {
  en: {
    reportSubjectPrefix: '[Report]',
    alertSubjectPrefix: '[Alert]',
    openChart: 'Explore in Vitrina',
    openDashboard: 'Open the dashboard in Vitrina',
    errorIntro: 'The report failed:',
    attached: 'Attached:',
    noRows: 'The chart returned no rows this time, so there is no file to attach.',
  },
  ru: {
    reportSubjectPrefix: '[Отчёт]',
    alertSubjectPrefix: '[Оповещение]',
    openChart: 'Открыть в Витрине',
    openDashboard: 'Открыть дашборд в Витрине',
    errorIntro: 'Отчёт не удался:',
    attached: 'Во вложении:',
    noRows: 'На этот раз диаграмма не вернула ни одной строки, поэтому файла во вложении нет.',
  },
};

/** The texts of `language`, English for anything else. */
export function reportMailTexts(language: string | null | undefined): ReportMailTexts {
  return language === 'ru' ? REPORT_MAIL_TEXTS.ru : REPORT_MAIL_TEXTS.en;
}
