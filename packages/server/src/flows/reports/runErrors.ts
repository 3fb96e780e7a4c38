import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import { ScreenshotError } from '../../http/screenshots.ts';
import { AlertQueryError } from './alert.ts';
import { RenderError } from './content.ts';
import { MailError } from './mail.ts';

/** A run's failure as the log records it: English text, and a code for readers in other languages. */

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The failure's own code when it is one of ours; anything else is an unexpected failure with its text. */
export function runErrorOf(error: unknown): RunError {
  if (
    error instanceof RenderError ||
    error instanceof MailError ||
    error instanceof AlertQueryError ||
    error instanceof ScreenshotError
  ) {
    return error.coded;
  }
  return runError('unexpected', {}, messageOf(error));
}
