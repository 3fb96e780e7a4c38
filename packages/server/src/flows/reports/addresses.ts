import { splitAddresses } from '@vitrina/common/reports/recipients';

/** Who a schedule's mails go to: one mail per Email recipient row, as Superset sends them. */

export interface MailAddresses {
  to: string[];
  cc: string[];
  bcc: string[];
}

function configOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const listOf = (value: unknown) => (typeof value === 'string' ? splitAddresses(value) : []);

/** The Email rows' addresses; other types (Slack) are not delivered by Vitrina and are left out. */
export function mailAddresses(
  recipients: ReadonlyArray<{ type: string; recipient_config_json: string }>,
): MailAddresses[] {
  return recipients
    .filter((recipient) => recipient.type === 'Email')
    .map((recipient) => {
      const config = configOf(recipient.recipient_config_json);
      return { to: listOf(config.target), cc: listOf(config.ccTarget), bcc: listOf(config.bccTarget) };
    })
    .filter((addresses) => addresses.to.length + addresses.cc.length + addresses.bcc.length > 0);
}
