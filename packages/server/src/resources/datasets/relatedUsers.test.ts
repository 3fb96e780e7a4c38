import { beforeAll, expect, it } from 'vitest';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/** Every `related/<user field>` list the API has: the pickers and filters of owners and authors. */
const LISTS = [
  '/api/v1/chart/related/owners',
  '/api/v1/chart/related/created_by',
  '/api/v1/chart/related/changed_by',
  '/api/v1/dashboard/related/owners',
  '/api/v1/dashboard/related/created_by',
  '/api/v1/dashboard/related/changed_by',
  '/api/v1/dataset/related/owners',
  '/api/v1/dataset/related/created_by',
  '/api/v1/dataset/related/changed_by',
  '/api/v1/saved_query/related/created_by',
  '/api/v1/saved_query/related/changed_by',
  '/api/v1/tag/related/created_by',
  '/api/v1/tag/related/changed_by',
];

/**
 * Alerts, reports and annotation layers are Alpha's (Gamma has no ReportSchedule or Annotation
 * permission): checked as an Alpha user.
 */
const ALPHA_LISTS = [
  '/api/v1/report/related/owners',
  '/api/v1/report/related/created_by',
  '/api/v1/report/related/changed_by',
  '/api/v1/annotation_layer/related/created_by',
  '/api/v1/annotation_layer/related/changed_by',
];

/** The review: `related/owners` gave every user's e-mail address to any Gamma user. */
describeEachMetastore('related user lists', (harness) => {
  let gamma: Headers;
  let alpha: Headers;
  let admin: Headers;
  beforeAll(async () => {
    await harness().createUser({ username: 'viewer.one', roles: ['Gamma', 'sql_lab'] });
    await harness().createUser({ username: 'private.person', roles: ['Gamma'] });
    await harness().createUser({ username: 'login.name', roles: ['Gamma'] });
    await harness()
      .ctx.metastore.db.updateTable('users')
      .set({ first_name: 'Shown', last_name: 'Name' })
      .where('username', '=', 'login.name')
      .execute();
    await harness().createUser({ username: 'alpha.one', roles: ['Alpha'] });
    gamma = await harness().bearer('viewer.one', 'password123');
    alpha = await harness().bearer('alpha.one', 'password123');
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
  });

  const list = (url: string, headers: Headers, filter = '') =>
    harness().app.inject({ url: `${url}?q=(filter:'${filter}',page_size:100)`, headers });

  it('covers every related list of users the API declares', () => {
    const declared = harness()
      .app.declaredRoutes.map((route) => route.url)
      .filter((url) => url.endsWith('/related/:field'));
    expect(declared.length).toBeGreaterThan(0);
    for (const url of declared) {
      if (url.includes('rowlevelsecurity')) continue; // roles and tables, for administrators only
      expect(
        [...LISTS, ...ALPHA_LISTS].some((listUrl) => listUrl.startsWith(url.replace(':field', ''))),
        url,
      ).toBe(true);
    }
  });

  it.each(LISTS)('%s gives a non-administrator names, not e-mail addresses', async (url) => {
    const response = await list(url, gamma);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result.map((option: { text: string }) => option.text)).toContain('private.person Test');
    expect(response.body).not.toMatch(/@example\.com|@vitrina\.local/);
    for (const option of body.result) expect(option.extra ?? {}).not.toHaveProperty('email');
  });

  it.each(ALPHA_LISTS)('%s gives a non-administrator names, not e-mail addresses', async (url) => {
    const response = await list(url, alpha);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result.map((option: { text: string }) => option.text)).toContain('private.person Test');
    expect(response.body).not.toMatch(/@example\.com|@vitrina\.local/);
    expect((await list(url, gamma)).statusCode).toBe(403);
  });

  it('does not let a non-administrator find people by username', async () => {
    // Usernames are often e-mail addresses; searching by them would confirm who has an account.
    const response = await list('/api/v1/chart/related/owners', gamma, 'login.name');
    expect(response.json().result).toEqual([]);
    const byName = await list('/api/v1/chart/related/owners', gamma, 'shown');
    expect(byName.json().result.map((option: { text: string }) => option.text)).toEqual(['Shown Name']);
    const asAdmin = await list('/api/v1/chart/related/owners', admin, 'login.name');
    expect(asAdmin.json().result.map((option: { text: string }) => option.text)).toEqual(['Shown Name']);
  });

  it.each(LISTS)('%s keeps e-mail addresses for administrators', async (url) => {
    const response = await list(url, admin);
    expect(response.statusCode).toBe(200);
    const person = response
      .json()
      .result.find((option: { text: string }) => option.text === 'private.person Test');
    expect(person.extra).toEqual({ email: 'private.person@example.com', active: true });
  });
});
