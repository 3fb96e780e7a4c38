import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/security/users/';
const q = (value: unknown) => `${URL}?q=${encodeURIComponent(encodeRison(value))}`;

describeEachMetastore('users API', (harness) => {
  let admin: Headers;
  let gamma: Headers;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    const { createUser, loginAs, bearer, ctx } = harness();
    await createUser({ username: 'gamma_user', roles: ['Gamma'] });
    admin = await loginAs(ADMIN.username, ADMIN.password);
    gamma = await bearer('gamma_user', 'password123');
    const roles = await ctx.metastore.db.selectFrom('roles').select(['id', 'name']).execute();
    roleIds = Object.fromEntries(roles.map((role) => [role.name, role.id]));
  });

  const create = (payload: Record<string, unknown>) =>
    harness().app.inject({ method: 'POST', url: URL, headers: admin, payload });
  const newUser = (name: string, extra: Record<string, unknown> = {}) => ({
    username: name,
    first_name: `${name} first`,
    last_name: 'Person',
    email: `${name}@example.com`,
    password: 'secret-123',
    roles: [roleIds.Gamma],
    ...extra,
  });
  const userRows = (username: string) =>
    harness().ctx.metastore.db.selectFrom('users').select('id').where('username', '=', username).execute();

  it('refuses anonymous callers with 401 and Gamma users with 403', async () => {
    const { app } = harness();
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    const forbidden = await app.inject({ url: URL, headers: gamma });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    const write = await app.inject({ method: 'POST', url: URL, headers: gamma, payload: newUser('sneaky') });
    expect(write.statusCode).toBe(403);
    expect(await userRows('sneaky')).toHaveLength(0);
  });

  it('creates a user with roles and never answers the password hash', async () => {
    const response = await create(newUser('carla', { preferred_language: 'ru' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.result).toMatchObject({
      id: body.id,
      username: 'carla',
      first_name: 'carla first',
      email: 'carla@example.com',
      active: true,
      preferred_language: 'ru',
      roles: [{ id: roleIds.Gamma, name: 'Gamma' }],
      last_login: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
    const got = await harness().app.inject({ url: `${URL}${body.id}`, headers: admin });
    expect(got.json()).toEqual({ id: body.id, result: body.result });
  });

  it('lets a new user log in with the password set at creation, then with a changed one', async () => {
    const { app } = harness();
    const { id } = (await create(newUser('dmitri'))).json();
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { username: 'dmitri', password, provider: 'db' },
      });
    expect((await login('secret-123')).statusCode).toBe(200);
    expect((await login('secret-123')).json()).toHaveProperty('access_token');
    const changed = await app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { password: 'brand-new-pw' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login('secret-123')).statusCode).toBe(401);
    expect((await login('brand-new-pw')).statusCode).toBe(200);
  });

  it('updates only the given fields, replaces roles and deactivates', async () => {
    const { app } = harness();
    const { id, result } = (await create(newUser('erik'))).json();
    const response = await app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { last_name: 'Eriksson', roles: [roleIds.Alpha, roleIds.sql_lab], active: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      username: 'erik',
      first_name: result.first_name,
      last_name: 'Eriksson',
      active: false,
      roles: [
        { id: roleIds.Alpha, name: 'Alpha' },
        { id: roleIds.sql_lab, name: 'sql_lab' },
      ],
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'erik', password: 'secret-123', provider: 'db' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('answers 422 naming a duplicate username or email, on create and on update', async () => {
    await create(newUser('fiona'));
    const sameName = await create(newUser('fiona', { email: 'other@example.com' }));
    expect(sameName.statusCode).toBe(422);
    expect(sameName.json()).toEqual({ message: { username: ['A user with this username already exists'] } });
    const sameEmail = await create(newUser('fiona2', { email: 'fiona@example.com' }));
    expect(sameEmail.json()).toEqual({ message: { email: ['A user with this email already exists'] } });
    const { id } = (await create(newUser('gustav'))).json();
    const rename = await harness().app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { username: 'fiona' },
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().message).toHaveProperty('username');
    const keep = await harness().app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { username: 'gustav' },
    });
    expect(keep.statusCode).toBe(200);
  });

  it('answers 422 naming each invalid field', async () => {
    const response = await create({
      username: 'bad name!',
      email: 'not-an-email',
      password: 'short',
      first_name: ' ',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().message).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
      'username',
    ]);
    const noPassword = await create(newUser('hanna', { password: undefined }));
    expect(noPassword.json().message).toHaveProperty('password');
  });

  it('leaves nothing behind when a role id is unknown', async () => {
    const response = await create(newUser('ivan', { roles: [roleIds.Gamma, 999_999] }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: { roles: ['Unknown role ids: 999999'] } });
    expect(await userRows('ivan')).toHaveLength(0);
  });

  it('answers 400 for a body of the wrong shape', async () => {
    const response = await create({ ...newUser('jana'), roles: 'Admin' });
    expect(response.statusCode).toBe(400);
    const unknownField = await create({ ...newUser('jana'), is_admin: true });
    expect(unknownField.statusCode).toBe(400);
  });

  it('answers 404 for an unknown id', async () => {
    const { app } = harness();
    expect((await app.inject({ url: `${URL}999999`, headers: admin })).statusCode).toBe(404);
    const put = await app.inject({
      method: 'PUT',
      url: `${URL}999999`,
      headers: admin,
      payload: { first_name: 'x' },
    });
    expect(put.json()).toEqual({ message: 'Not found' });
    expect((await app.inject({ method: 'DELETE', url: `${URL}999999`, headers: admin })).statusCode).toBe(
      404,
    );
  });

  it('deletes a user but not yourself', async () => {
    const { app, ctx } = harness();
    const { id } = (await create(newUser('karl'))).json();
    const deleted = await app.inject({ method: 'DELETE', url: `${URL}${id}`, headers: admin });
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await app.inject({ url: `${URL}${id}`, headers: admin })).statusCode).toBe(404);
    const self = await ctx.metastore.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    const refused = await app.inject({ method: 'DELETE', url: `${URL}${self.id}`, headers: admin });
    expect(refused.statusCode).toBe(422);
    const deactivate = await app.inject({
      method: 'PUT',
      url: `${URL}${self.id}`,
      headers: admin,
      payload: { active: false },
    });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().message).toHaveProperty('active');
  });

  it('refuses a cookie session write without the CSRF token', async () => {
    const response = await harness().app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: admin.cookie! },
      payload: newUser('lena'),
    });
    expect(response.statusCode).toBe(400);
    expect(await userRows('lena')).toHaveLength(0);
  });

  it('lists with filters, ordering, paging, columns and keys', async () => {
    const { app } = harness();
    for (const name of ['list_a', 'list_b', 'list_c'])
      await create(newUser(name, { roles: [roleIds.readonly] }));
    const list = async (query: unknown) => {
      const response = await app.inject({ url: q(query), headers: admin });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const filtered = await list({
      filters: [{ col: 'username', opr: 'sw', value: 'LIST_' }],
      order_column: 'username',
      order_direction: 'desc',
      page: 0,
      page_size: 2,
    });
    expect(filtered.count).toBe(3);
    expect(filtered.result.map((user: { username: string }) => user.username)).toEqual(['list_c', 'list_b']);
    expect(filtered.ids).toHaveLength(2);
    expect(filtered.list_title).toBe('List Users');
    expect(filtered.result[0]).toMatchObject({
      roles: [{ id: roleIds.readonly, name: 'readonly' }],
      active: true,
    });
    expect(JSON.stringify(filtered)).not.toMatch(/password/);

    const page2 = await list({
      filters: [{ col: 'username', opr: 'sw', value: 'list_' }],
      order_column: 'username',
      page: 1,
      page_size: 2,
    });
    expect(page2.result.map((user: { username: string }) => user.username)).toEqual(['list_c']);

    const byRole = await list({
      filters: [{ col: 'roles', opr: 'rel_m_m', value: roleIds.readonly }],
      columns: ['username'],
      keys: ['none'],
    });
    expect(byRole).toEqual({
      count: 3,
      ids: expect.any(Array),
      result: [{ username: 'list_a' }, { username: 'list_b' }, { username: 'list_c' }],
    });

    const inactive = await list({
      filters: [{ col: 'active', opr: 'eq', value: false }],
      columns: ['username'],
    });
    expect(inactive.result).toContainEqual({ username: 'erik' });
    expect(inactive.result).not.toContainEqual({ username: 'list_a' });

    const byEmail = await list({
      filters: [{ col: 'email', opr: 'ct', value: 'list_b@' }],
      columns: ['email', 'roles.name'],
    });
    expect(byEmail.result).toEqual([{ email: 'list_b@example.com', roles: [{ name: 'readonly' }] }]);
    expect(byEmail.label_columns).toEqual({ email: 'Email', 'roles.name': 'Role' });
  });

  it('answers 400 naming the problem for a bad q', async () => {
    const { app } = harness();
    const cases: Array<[string, string]> = [
      [`${URL}?q=(page:0`, 'Not a valid rison argument'],
      [
        q({ filters: [{ col: 'password_hash', opr: 'eq', value: 'x' }] }),
        "Filter on unknown column 'password_hash'",
      ],
      [
        q({ filters: [{ col: 'active', opr: 'ct', value: 'x' }] }),
        "Operator 'ct' is not allowed on column 'active'",
      ],
      [q({ order_column: 'password_hash' }), "Cannot order by column 'password_hash'"],
      [q({ page: -1 }), 'page must be a non-negative integer'],
      [q({ columns: ['password_hash'] }), "Unknown column 'password_hash' in columns"],
    ];
    for (const [url, message] of cases) {
      const response = await app.inject({ url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
