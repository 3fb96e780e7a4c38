import { describe, expect, it } from 'vitest';
import { recipientProblems, splitAddresses } from './recipients.ts';

describe('splitAddresses', () => {
  it('splits on commas, semicolons and spaces, dropping empty parts', () => {
    expect(splitAddresses('a@x.com,b@y.com')).toEqual(['a@x.com', 'b@y.com']);
    expect(splitAddresses(' a@x.com ; b@y.com,, c@z.org\n')).toEqual(['a@x.com', 'b@y.com', 'c@z.org']);
    expect(splitAddresses('')).toEqual([]);
    expect(splitAddresses(' ,; ')).toEqual([]);
  });
});

describe('recipientProblems', () => {
  const email = (config: object | string) => ({ type: 'Email', recipient_config_json: config });

  it('accepts e-mail recipients, as objects or JSON text', () => {
    expect(recipientProblems([email({ target: 'a@x.com,b@y.com' })])).toBeNull();
    expect(
      recipientProblems([email({ target: 'a@x.com', ccTarget: 'c@x.com; d@x.co.uk', bccTarget: '' })]),
    ).toBeNull();
    expect(recipientProblems([email('{"target": "first.last+tag@sub.example.com"}')])).toBeNull();
  });

  it('needs at least one recipient with a target', () => {
    expect(recipientProblems([])).toBe('At least one Email recipient is required');
    expect(recipientProblems(null)).toBe('At least one Email recipient is required');
    expect(recipientProblems([email({ target: ' , ' })])).toBe(
      'target: Email target is required for Email recipients',
    );
    expect(recipientProblems([email({ ccTarget: 'a@x.com' })])).toBe(
      'target: Email target is required for Email recipients',
    );
  });

  it('names the invalid addresses', () => {
    expect(recipientProblems([email({ target: 'a@x.com, bob, c@d' })])).toBe(
      'target: Invalid email address(es): bob, c@d',
    );
    expect(recipientProblems([email({ target: 'a@x.com', bccTarget: 'nope@' })])).toBe(
      'bccTarget: Invalid email address(es): nope@',
    );
  });

  it('refuses other recipient types and malformed configs', () => {
    expect(recipientProblems([{ type: 'Slack', recipient_config_json: { target: '#general' } }])).toBe(
      'Recipient type "Slack" is not supported: reports are delivered by e-mail only',
    );
    expect(recipientProblems([email('not json')])).toBe(
      'recipient_config_json must be an object with a target',
    );
    expect(recipientProblems([{ type: 'Email', recipient_config_json: null }])).toBe(
      'recipient_config_json must be an object with a target',
    );
    expect(recipientProblems([email({ target: 42 })])).toBe('target: Not a valid string.');
  });
});
