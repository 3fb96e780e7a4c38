// Report recipients. Vitrina delivers e-mail only. The rules follow Superset's
// ReportRecipientSchema (superset/reports/schemas.py): an Email recipient needs a target; target,
// ccTarget and bccTarget are lists of addresses, each matching EMAIL_PATTERN. Addresses are split
// like Superset's recipients_string_to_list (superset/utils/core.py): on commas, semicolons and
// white space.
import { isRecord } from '../isRecord.ts';

export type RecipientType = 'Email';

export interface EmailRecipientConfig {
  target: string;
  ccTarget?: string;
  bccTarget?: string;
}

export interface ReportRecipient {
  type: RecipientType | string;
  /** An object, or its JSON text as Superset's API returns it. */
  recipient_config_json: EmailRecipientConfig | string | object | null;
}

/** Superset's EMAIL_REGEX. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** The addresses in a comma, semicolon or space separated list, trimmed, without empty parts. */
export function splitAddresses(text: string): string[] {
  return text.split(/[,;\s]+/).filter((address) => address !== '');
}

const FIELDS = ['target', 'ccTarget', 'bccTarget'] as const;

function configOf(value: ReportRecipient['recipient_config_json']): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isRecord(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return isRecord(value) ? value : null;
}

/**
 * null when the recipients can be delivered to, else the first problem: a type other than Email,
 * a config that is not an object, a missing target, an address that is not valid, or no recipient.
 */
export function recipientProblems(recipients: readonly ReportRecipient[] | null | undefined): string | null {
  if (!recipients || recipients.length === 0) return 'At least one Email recipient is required';
  for (const recipient of recipients) {
    if (recipient.type !== 'Email') {
      return `Recipient type ${JSON.stringify(recipient.type)} is not supported: reports are delivered by e-mail only`;
    }
    const config = configOf(recipient.recipient_config_json);
    if (!config) return 'recipient_config_json must be an object with a target';
    for (const field of FIELDS) {
      const value = config[field];
      if (value !== undefined && value !== null && typeof value !== 'string')
        return `${field}: Not a valid string.`;
      const addresses = splitAddresses(value ?? '');
      if (addresses.length === 0) {
        if (field === 'target') return 'target: Email target is required for Email recipients';
        continue;
      }
      const invalid = addresses.filter((address) => !EMAIL_PATTERN.test(address));
      if (invalid.length > 0) return `${field}: Invalid email address(es): ${invalid.join(', ')}`;
    }
  }
  return null;
}
