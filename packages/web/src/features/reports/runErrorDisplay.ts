import { type ReportExecutionLog, runErrorText, storedRunError } from '@vitrina/common';

/**
 * A run's error in the reader's language: our text by the row's error code, with someone else's
 * text (a database's, a mail server's) as its detail; a row without a known code shows its
 * error_message as written.
 */
export interface RunErrorDisplay {
  text: string;
  detail: string | null;
}

/** A log row's error fields; rows from before error codes may lack the code's. */
export type ErrorFields = Pick<ReportExecutionLog, 'error_message'> &
  Partial<Pick<ReportExecutionLog, 'error_code' | 'error_params_json'>>;

export function runErrorDisplay(fields: ErrorFields, language: string): RunErrorDisplay | null {
  const error = storedRunError(fields.error_code, fields.error_params_json);
  if (error) return { text: runErrorText(error, language), detail: error.detail ?? null };
  return fields.error_message ? { text: fields.error_message, detail: null } : null;
}

/** The same on one line, for a toast or a sentence. */
export function runErrorLineOf(fields: ErrorFields, language: string): string | null {
  const shown = runErrorDisplay(fields, language);
  if (!shown) return null;
  return shown.detail ? `${shown.text}: ${shown.detail}` : shown.text;
}
