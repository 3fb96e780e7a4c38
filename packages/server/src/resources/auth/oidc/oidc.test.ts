import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { roleNamesOf } from '../../../testing/metastoreReads.ts';
import { startOidcProvider, visitProvider } from '../../../testing/oidcProvider.ts';
import { ADMIN, createTestApp, describeEachMetastore, type TestApp } from '../../../testing/testApp.ts';

const CALLBACK = 'http://localhost/login/oidc/callback';
const provider = await startOidcProvider({ redirectUris: [CALLBACK] });
afterAll(() => provider.close());

/** The sign-in settings a deployment would give in its environment. */
function signInSettings(env: Record<string, string>) {
  return loadConfig({
    VITRINA_OIDC_ISSUER: provider.issuer,
    VITRINA_OIDC_CLIENT_ID: provider.clientId,
    VITRINA_OIDC_CLIENT_SECRET: provider.clientSecret,
    VITRINA_OIDC_REDIRECT_URI: CALLBACK,
    VITRINA_OIDC_LABEL: 'Company SSO',
    ...env,
  }).signIn;
}

const SETTINGS = signInSettings({
  VITRINA_OIDC_SCOPES: 'openid email profile groups',
  VITRINA_OIDC_ROLES_CLAIM: 'groups',
  VITRINA_OIDC_ROLE_MAP: JSON.stringify({ analysts: ['Alpha'], sql: 'sql_lab' }),
});

interface Started {
  flowCookie: string;
  authorizationUrl: string;
}

async function start(app: TestApp['app'], next = '/dashboard/list/'): Promise<Started> {
  const response = await app.inject({ url: `/login/oidc/?next=${encodeURIComponent(next)}&lang=ru` });
  expect(response.statusCode).toBe(302);
  const flow = response.cookies.find((cookie) => cookie.name === 'oidc_flow');
  expect(flow).toMatchObject({ httpOnly: true, path: '/login/oidc/', sameSite: 'Lax', maxAge: 600 });
  return { flowCookie: flow!.value, authorizationUrl: response.headers.location as string };
}

async function callback(app: TestApp['app'], url: URL, flowCookie: string | undefined) {
  return app.inject({
    url: `${url.pathname}${url.search}`,
    headers: flowCookie === undefined ? {} : { cookie: `oidc_flow=${flowCookie}` },
  });
}

/** The whole sign-in as a browser makes it: our start, the provider's login page, our callback. */
async function signIn(app: TestApp['app'], login: string, next?: string) {
  const started = await start(app, next);
  const back = await visitProvider(started.authorizationUrl, { login });
  return callback(app, back, started.flowCookie);
}

function sessionOf(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'session' && cookie.value !== '')?.value;
}

describeEachMetastore(
  'sign-in through an OpenID Connect provider',
  (harness) => {
    const db = () => harness().ctx.metastore.db;
    const rolesOf = (userId: number) => roleNamesOf(harness(), userId);
    const userNamed = (username: string) =>
      db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    let admin: Record<string, string>;

    beforeAll(async () => {
      admin = await harness().loginAs(ADMIN.username, ADMIN.password);
    });

    it('offers the provider on the login page beside the password form', async () => {
      const options = await harness().app.inject({ url: '/api/v1/security/login_options/' });
      expect(options.json()).toEqual({
        result: {
          password_login: true,
          oidc: { label: 'Company SSO', url: '/login/oidc/' },
          self_registration: false,
        },
      });
    });

    it('sends the browser to the provider with PKCE, state and nonce', async () => {
      const { authorizationUrl } = await start(harness().app);
      const url = new URL(authorizationUrl);
      expect(`${url.origin}`).toBe(provider.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: provider.clientId,
        response_type: 'code',
        redirect_uri: CALLBACK,
        scope: 'openid email profile groups',
        code_challenge_method: 'S256',
        state: expect.any(String),
        nonce: expect.any(String),
        code_challenge: expect.any(String),
      });
    });

    it('makes an account at the first sign-in, without roles, and lands where the person was going', async () => {
      provider.setAccount('nina', {
        preferred_username: 'nina.k',
        email: 'nina@corp.example',
        email_verified: true,
        given_name: 'Nina',
        family_name: 'Kovaleva',
      });
      const response = await signIn(harness().app, 'nina');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/dashboard/list/');
      const session = sessionOf(response);
      expect(session).toBeDefined();
      const user = await userNamed('nina.k');
      expect(user).toMatchObject({
        first_name: 'Nina',
        last_name: 'Kovaleva',
        email: 'nina@corp.example',
        active: 1,
        preferred_language: 'ru',
        login_count: 1,
      });
      expect(await rolesOf(user!.id)).toEqual([]);
      const me = await harness().app.inject({
        url: '/api/v1/me/',
        headers: { cookie: `session=${session}` },
      });
      expect(me.json().result.username).toBe('nina.k');
      const onboarding = await harness().app.inject({
        url: '/api/v1/onboarding/',
        headers: { cookie: `session=${session}` },
      });
      expect(onboarding.json().result).toMatchObject({ open_by_itself: true, is_onboarding_finished: false });
    });

    it('finds the same person again by the link, though the provider renamed them', async () => {
      provider.setAccount('nina', {
        preferred_username: 'nina.kovaleva',
        email: 'nina.kovaleva@corp.example',
        email_verified: true,
      });
      const response = await signIn(harness().app, 'nina');
      expect(sessionOf(response)).toBeDefined();
      expect(await userNamed('nina.kovaleva')).toBeUndefined();
      expect(await userNamed('nina.k')).toMatchObject({ login_count: 2 });
      const links = await db().selectFrom('user_identities').selectAll().execute();
      expect(links.filter((link) => link.subject === 'nina')).toEqual([
        expect.objectContaining({ issuer: provider.issuer, last_login_on: expect.any(String) }),
      ]);
    });

    it('refuses an answer whose state is not the one this browser started', async () => {
      const app = harness().app;
      const started = await start(app);
      const back = await visitProvider(started.authorizationUrl, { login: 'nina' });
      back.searchParams.set('state', 'forged-state');
      const forged = await callback(app, back, started.flowCookie);
      expect(forged.statusCode).toBe(302);
      expect(forged.headers.location).toBe('/login/?error=oidc_state&next=%2Fdashboard%2Flist%2F');
      expect(sessionOf(forged)).toBeUndefined();

      // An answer to a sign-in another browser started (no flow cookie here) is refused too: login CSRF.
      const other = await start(app);
      const stray = await callback(
        app,
        await visitProvider(other.authorizationUrl, { login: 'nina' }),
        undefined,
      );
      expect(stray.headers.location).toBe('/login/?error=oidc_state&next=%2F');
      expect(sessionOf(stray)).toBeUndefined();

      // A flow cookie someone edited is no flow at all.
      const tampered = await start(app);
      const answer = await visitProvider(tampered.authorizationUrl, { login: 'nina' });
      const edited = await callback(app, answer, `${tampered.flowCookie.slice(0, -2)}xx`);
      expect(edited.headers.location).toBe('/login/?error=oidc_state&next=%2F');
    });

    it('refuses an expired code and a code used twice', async () => {
      const app = harness().app;
      provider.setCodeTtlSeconds(1);
      try {
        const started = await start(app);
        const back = await visitProvider(started.authorizationUrl, { login: 'nina' });
        // The code's second passes on the clock (the provider's and the app's) rather than in a wait.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 2100);
        const expired = await callback(app, back, started.flowCookie);
        expect(expired.headers.location).toBe('/login/?error=oidc_code&next=%2Fdashboard%2Flist%2F');
        expect(sessionOf(expired)).toBeUndefined();
      } finally {
        vi.useRealTimers();
        provider.setCodeTtlSeconds(60);
      }
      const started = await start(app);
      const back = await visitProvider(started.authorizationUrl, { login: 'nina' });
      expect(sessionOf(await callback(app, back, started.flowCookie))).toBeDefined();
      // The same answer replayed with the same (kept) cookie: the provider refuses the used code.
      const replayed = await callback(app, back, started.flowCookie);
      expect(replayed.headers.location).toBe('/login/?error=oidc_code&next=%2Fdashboard%2Flist%2F');
      expect(sessionOf(replayed)).toBeUndefined();
    });

    it('comes back to the login page when the person cancels at the provider', async () => {
      const app = harness().app;
      const started = await start(app);
      const back = await visitProvider(started.authorizationUrl, 'cancel');
      expect(back.searchParams.get('error')).toBe('access_denied');
      const response = await callback(app, back, started.flowCookie);
      expect(response.headers.location).toBe('/login/?error=oidc_denied&next=%2Fdashboard%2Flist%2F');
    });

    it('refuses a deactivated user and signs them in again once reactivated', async () => {
      const app = harness().app;
      const nina = await userNamed('nina.k');
      const deactivate = (active: boolean) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/security/users/${nina!.id}`,
          headers: admin,
          payload: { active },
        });
      expect((await deactivate(false)).statusCode).toBe(200);
      const refused = await signIn(app, 'nina');
      expect(refused.headers.location).toBe('/login/?error=inactive&next=%2Fdashboard%2Flist%2F');
      expect(sessionOf(refused)).toBeUndefined();
      expect((await deactivate(true)).statusCode).toBe(200);
      expect(sessionOf(await signIn(app, 'nina'))).toBeDefined();
    });

    it('links an existing account by e-mail only when the provider verified the address', async () => {
      const { app, createUser } = harness();
      const carolId = await createUser({ username: 'carol', roles: ['Gamma'] });
      provider.setAccount('carol-unverified', {
        preferred_username: 'carol.at.idp',
        email: 'CAROL@example.com',
        email_verified: false,
      });
      const unverified = await signIn(app, 'carol-unverified');
      expect(unverified.headers.location).toBe('/login/?error=oidc_conflict&next=%2Fdashboard%2Flist%2F');
      expect(await userNamed('carol.at.idp')).toBeUndefined();

      provider.setAccount('carol-verified', {
        preferred_username: 'carol.at.idp',
        email: 'CAROL@example.com',
        email_verified: true,
      });
      const verified = await signIn(app, 'carol-verified');
      expect(sessionOf(verified)).toBeDefined();
      expect(
        await db()
          .selectFrom('user_identities')
          .select('user_id')
          .where('subject', '=', 'carol-verified')
          .execute(),
      ).toEqual([{ user_id: carolId }]);
      expect(await rolesOf(carolId)).toEqual(['Gamma']);

      // A second account of the same provider with Carol's address does not take her account over.
      provider.setAccount('carol-twin', {
        preferred_username: 'twin',
        email: 'carol@example.com',
        email_verified: true,
      });
      expect((await signIn(app, 'carol-twin')).headers.location).toContain('error=oidc_conflict');
    });

    it('never takes over an account by its username', async () => {
      provider.setAccount('impostor', { preferred_username: 'admin', email: 'someone@evil.example' });
      const response = await signIn(harness().app, 'impostor');
      expect(response.headers.location).toBe('/login/?error=oidc_conflict&next=%2Fdashboard%2Flist%2F');
      expect(sessionOf(response)).toBeUndefined();
      expect(
        await db()
          .selectFrom('user_identities')
          .select('user_id')
          .where('subject', '=', 'impostor')
          .execute(),
      ).toEqual([]);
    });

    it('refuses claims it cannot make an account from', async () => {
      provider.setAccount('nameless', { email: 'nameless@corp.example', email_verified: true });
      expect((await signIn(harness().app, 'nameless')).headers.location).toContain('error=oidc_claims');
      provider.setAccount('spaced', { preferred_username: 'has space', email: 'spaced@corp.example' });
      expect((await signIn(harness().app, 'spaced')).headers.location).toContain('error=oidc_claims');
    });

    it("gives and takes away the mapped roles at each sign-in, leaving others' roles alone", async () => {
      const app = harness().app;
      provider.setAccount('olga', {
        preferred_username: 'olga',
        email: 'olga@corp.example',
        groups: ['analysts', 'sql', 'unmapped'],
      });
      expect(sessionOf(await signIn(app, 'olga'))).toBeDefined();
      const olga = await userNamed('olga');
      expect(await rolesOf(olga!.id)).toEqual(['Alpha', 'sql_lab']);
      await db()
        .insertInto('user_roles')
        .values({
          user_id: olga!.id,
          role_id: (
            await db()
              .selectFrom('roles')
              .select('id')
              .where('name', '=', 'readonly')
              .executeTakeFirstOrThrow()
          ).id,
        })
        .execute();
      provider.setAccount('olga', { preferred_username: 'olga', email: 'olga@corp.example', groups: 'sql' });
      expect(sessionOf(await signIn(app, 'olga'))).toBeDefined();
      expect(await rolesOf(olga!.id)).toEqual(['readonly', 'sql_lab']);
    });

    it('sends a signed-in person only to paths on this site', async () => {
      const response = await signIn(harness().app, 'nina', 'https://evil.example/');
      expect(response.headers.location).toBe('/');
    });
  },
  { config: { signIn: SETTINGS } },
);

describe('sign-in settings', () => {
  it('turns the password form off on the server too, and needs a provider for that', async () => {
    const app = await createTestApp({
      config: { signIn: signInSettings({ VITRINA_PASSWORD_LOGIN: 'false' }) },
    });
    try {
      const form = await app.app.inject({
        method: 'POST',
        url: '/login/',
        payload: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(302);
      expect(form.headers.location).toBe('/login/?error=password_disabled&next=%2F');
      expect(sessionOf(form)).toBeUndefined();
      const api = await app.app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: ADMIN.username, password: ADMIN.password, provider: 'db' },
      });
      expect(api.statusCode).toBe(403);
      expect(api.json()).toEqual({
        message: 'Password login is turned off; sign in through the identity provider',
      });
      const options = await app.app.inject({ url: '/api/v1/security/login_options/' });
      expect(options.json().result.password_login).toBe(false);
    } finally {
      await app.close();
    }
    expect(() => loadConfig({ VITRINA_PASSWORD_LOGIN: 'false' })).toThrow(/VITRINA_PASSWORD_LOGIN/);
  });

  it('checks the provider settings at start', () => {
    expect(() => loadConfig({ VITRINA_OIDC_CLIENT_ID: 'x' })).toThrow(
      /VITRINA_OIDC_CLIENT_ID: set VITRINA_OIDC_ISSUER/,
    );
    expect(() => loadConfig({ VITRINA_OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/https/);
    expect(() => loadConfig({ VITRINA_OIDC_ISSUER: 'https://idp.example.com' })).toThrow(
      /VITRINA_OIDC_CLIENT_ID/,
    );
    expect(() =>
      loadConfig({
        VITRINA_OIDC_ISSUER: 'https://idp.example.com',
        VITRINA_OIDC_CLIENT_ID: 'c',
        VITRINA_OIDC_ROLES_CLAIM: 'groups',
      }),
    ).toThrow(/VITRINA_OIDC_ROLE_MAP/);
    const settings = loadConfig({
      VITRINA_OIDC_ISSUER: 'https://idp.example.com/realms/acme',
      VITRINA_OIDC_CLIENT_ID: 'vitrina',
      VITRINA_OIDC_SCOPES: 'email profile',
    }).signIn.oidc;
    expect(settings).toMatchObject({
      scopes: 'openid email profile',
      label: 'idp.example.com',
      clientSecret: null,
    });
  });

  it('refuses to start with a mapped role or registration role that does not exist, or an admin one', async () => {
    await expect(
      createTestApp({
        config: {
          signIn: signInSettings({
            VITRINA_OIDC_ROLES_CLAIM: 'groups',
            VITRINA_OIDC_ROLE_MAP: '{"a":"Nope"}',
          }),
        },
      }),
    ).rejects.toThrow(/VITRINA_OIDC_ROLE_MAP: no role is named "Nope"/);
    await expect(
      createTestApp({ config: { signIn: signInSettings({ VITRINA_REGISTRATION_ROLE: 'admin' }) } }),
    ).rejects.toThrow(/VITRINA_REGISTRATION_ROLE/);
  });

  it('gives a first-time account the registration role', async () => {
    const app = await createTestApp({
      config: { signIn: signInSettings({ VITRINA_REGISTRATION_ROLE: 'readonly' }) },
    });
    try {
      provider.setAccount('rita', { preferred_username: 'rita', email: 'rita@corp.example' });
      const response = await signIn(app.app, 'rita');
      const cookie = `session=${sessionOf(response)}`;
      const me = await app.app.inject({ url: '/api/v1/me/roles/', headers: { cookie } });
      expect(Object.keys(me.json().result.roles)).toEqual(['readonly']);
      const onboarding = await app.app.inject({ url: '/api/v1/onboarding/', headers: { cookie } });
      expect(onboarding.json().result.open_by_itself).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('comes back to the login page when the provider cannot be reached', async () => {
    const app = await createTestApp({
      config: { signIn: signInSettings({ VITRINA_OIDC_ISSUER: 'http://127.0.0.1:9' }) },
    });
    try {
      const response = await app.app.inject({ url: '/login/oidc/?next=/sqllab/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login/?error=oidc_unavailable&next=%2Fsqllab%2F');
    } finally {
      await app.close();
    }
  });
});
