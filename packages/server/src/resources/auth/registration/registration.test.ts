import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, loadConfig } from '../../../config.ts';
import { createTestApp, describeEachMetastore, type TestApp } from '../../../testing/testApp.ts';

const URL = '/api/v1/security/register/';
/** What our own page sends: the browser adds Origin, naming the host it sends in Host. */
const FROM_THIS_SITE = { origin: 'http://localhost', host: 'localhost' };

const person = {
  username: 'new.person',
  first_name: 'Нина',
  last_name: 'Newcomer',
  email: 'new.person@example.com',
  password: 'a-long-enough-password',
  password_confirmation: 'a-long-enough-password',
  preferred_language: 'ru',
};

const register = (app: TestApp['app'], payload: Record<string, unknown>, headers = FROM_THIS_SITE) =>
  app.inject({ method: 'POST', url: URL, payload, headers });

const withRegistration = { featureFlags: { ...DEFAULT_FEATURE_FLAGS, SELF_REGISTRATION: true } };

describeEachMetastore(
  'self-registration',
  (harness) => {
    const db = () => harness().ctx.metastore.db;
    const userCount = async () =>
      Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('is offered on the login page', async () => {
      const options = await harness().app.inject({ url: '/api/v1/security/login_options/' });
      expect(options.json().result).toMatchObject({
        password_login: true,
        self_registration: true,
        oidc: null,
      });
    });

    it("checks every field with the users API's rules and writes nothing on error", async () => {
      const before = await userCount();
      const response = await register(harness().app, {
        username: 'has space',
        first_name: ' ',
        last_name: 'x'.repeat(65),
        email: 'not-an-address',
        password: 'short',
        password_confirmation: 'other',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: {
          username: ['Use only letters, digits and . _ @ + -'],
          first_name: ['Missing data for required field.'],
          last_name: ['Too long'],
          email: ['Not a valid email address.'],
          password: ['The password must be at least 8 characters long'],
          password_confirmation: ['The passwords do not match'],
        },
      });
      const missing = await register(harness().app, { username: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(await userCount()).toBe(before);
    });

    it("refuses a post from another site's page", async () => {
      const before = await userCount();
      const { app } = harness();
      expect(
        (await register(app, person, { origin: 'https://evil.example', host: 'localhost' })).statusCode,
      ).toBe(403);
      expect(
        (await app.inject({ method: 'POST', url: URL, payload: person, headers: { host: 'localhost' } }))
          .statusCode,
      ).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('creates the account without roles, signs the person in and opens onboarding for them', async () => {
      const { app } = harness();
      const response = await register(app, person);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(Number), result: { username: 'new.person' } });
      const session = response.cookies.find((cookie) => cookie.name === 'session');
      expect(session?.value).toBeTruthy();
      const headers = { cookie: `session=${session!.value}` };
      const me = await app.inject({ url: '/api/v1/me/roles/', headers });
      expect(me.json().result).toMatchObject({
        username: 'new.person',
        first_name: 'Нина',
        preferred_language: 'ru',
        roles: {},
      });
      const onboarding = await app.inject({ url: '/api/v1/onboarding/', headers });
      expect(onboarding.json().result).toMatchObject({ open_by_itself: true, is_onboarding_finished: false });
      // The password works from now on like any other.
      const login = await harness().loginAs('new.person', person.password);
      expect(login.cookie).toMatch(/^session=/);
    });

    it('refuses a username or e-mail someone has, in any letter case', async () => {
      const before = await userCount();
      const taken = await register(harness().app, {
        ...person,
        username: 'New.Person',
        email: 'NEW.PERSON@example.com',
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual({
        message: {
          username: ['A user with this username already exists'],
          email: ['A user with this email already exists'],
        },
      });
      const admin = await register(harness().app, {
        ...person,
        username: 'ADMIN',
        email: 'other@example.com',
      });
      expect(admin.json()).toEqual({ message: { username: ['A user with this username already exists'] } });
      expect(await userCount()).toBe(before);
    });
  },
  { config: withRegistration },
);

describe('self-registration switched off (the default)', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('answers 404 and is not offered', async () => {
    expect(DEFAULT_FEATURE_FLAGS.SELF_REGISTRATION).toBe(false);
    const response = await register(harness.app, person);
    expect(response.statusCode).toBe(404);
    expect(
      await harness.ctx.metastore.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', person.username)
        .execute(),
    ).toEqual([]);
    const options = await harness.app.inject({ url: '/api/v1/security/login_options/' });
    expect(options.json().result.self_registration).toBe(false);
  });
});

describe('self-registration with a registration role', () => {
  let harness: TestApp;
  beforeAll(async () => {
    const { signIn } = loadConfig({ VITRINA_REGISTRATION_ROLE: 'readonly' });
    harness = await createTestApp({ config: { ...withRegistration, signIn } });
  });
  afterAll(() => harness.close());

  it('gives the new account that role, and its onboarding still opens by itself', async () => {
    const response = await register(harness.app, person);
    expect(response.statusCode).toBe(201);
    const cookie = `session=${response.cookies.find((each) => each.name === 'session')!.value}`;
    const me = await harness.app.inject({ url: '/api/v1/me/roles/', headers: { cookie } });
    expect(Object.keys(me.json().result.roles)).toEqual(['readonly']);
    const onboarding = await harness.app.inject({ url: '/api/v1/onboarding/', headers: { cookie } });
    expect(onboarding.json().result.open_by_itself).toBe(true);
  });
});

describe('self-registration from one address', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({
      config: withRegistration,
      loginRateLimit: { maxFailures: 100, maxFailuresPerAddress: 3, windowSeconds: 300 },
    });
  });
  afterAll(() => harness.close());

  it('stops at the address budget with 429 before creating more accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        register(harness.app, { ...person, username: `flood.${n}`, email: `flood.${n}@example.com` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toEqual({
      message: 'Too many accounts created from this address, try again later',
    });
    const made = await harness.ctx.metastore.db
      .selectFrom('users')
      .select('username')
      .where('username', 'like', 'flood.%')
      .execute();
    expect(made).toHaveLength(3);
  });
});
