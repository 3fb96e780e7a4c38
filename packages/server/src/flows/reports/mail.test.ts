import { runError } from '@vitrina/common/reports/runErrors';
import { describe, expect, it } from 'vitest';
import { MailError, NO_MAIL_SERVER_MESSAGE, sendMail } from './mail.ts';

const mail = { to: ['a@example.com'], subject: 'S', html: '<p>hi</p>', text: 'hi' };

describe('sendMail', () => {
  it('refuses before connecting when no server is configured', async () => {
    const settings = { smtpUrl: null, smtpFrom: 'r@example.com', reportMaxMailBytes: 1000 };
    await expect(sendMail(settings, mail)).rejects.toThrow(
      new MailError(NO_MAIL_SERVER_MESSAGE, runError('no_mail_server')),
    );
  });

  it('refuses a mail over the size limit with both sizes in the message', async () => {
    // Port 1 is never reached: the size is checked first.
    const settings = { smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: 'r@example.com', reportMaxMailBytes: 1024 };
    const big = {
      ...mail,
      attachments: [{ fileName: 'a.csv', contentType: 'text/csv', content: Buffer.alloc(4096) }],
    };
    await expect(sendMail(settings, big)).rejects.toThrow(
      'The report is too large to send by e-mail: 0.0 MB, the limit is 0.0 MB (VITRINA_REPORT_MAX_MAIL_BYTES)',
    );
  });
});
