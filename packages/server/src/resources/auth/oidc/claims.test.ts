import { describe, expect, it } from 'vitest';
import type { OidcSettings } from '../../../security/oidcSettings.ts';
import { managedRoleNames, readIdentity } from './claims.ts';

const settings: OidcSettings = {
  issuer: 'https://idp.example',
  clientId: 'vitrina',
  clientSecret: null,
  scopes: 'openid',
  label: 'IdP',
  redirectUri: null,
  claims: { username: 'upn', email: 'mail', firstName: 'given_name', lastName: 'family_name' },
  roles: { claim: 'groups', map: { analysts: ['Alpha'], sql: ['sql_lab', 'Alpha'] } },
};

describe('reading the provider claims', () => {
  it('uses the configured claim names and maps the roles claim', () => {
    expect(
      readIdentity(
        {
          iss: 'https://idp.example',
          sub: '42',
          upn: ' nina@corp ',
          mail: 'nina@corp.example',
          email_verified: 'true',
          name: 'Nina Anna Kovaleva',
          groups: ['sql', 'analysts', 'others'],
        },
        settings,
      ),
    ).toEqual({
      issuer: 'https://idp.example',
      subject: '42',
      username: 'nina@corp',
      email: 'nina@corp.example',
      emailVerified: true,
      firstName: 'Nina',
      lastName: 'Anna Kovaleva',
      mappedRoles: ['sql_lab', 'Alpha'],
    });
    expect(managedRoleNames(settings).sort()).toEqual(['Alpha', 'sql_lab']);
  });

  it('takes one value for a list, no mapping as null, and an unverified address as such', () => {
    const identity = readIdentity(
      { iss: 'i', sub: 's', groups: 'analysts', email_verified: false },
      settings,
    );
    expect(identity).toMatchObject({ mappedRoles: ['Alpha'], emailVerified: false, username: undefined });
    expect(readIdentity({ iss: 'i', sub: 's' }, { ...settings, roles: null }).mappedRoles).toBeNull();
  });
});
