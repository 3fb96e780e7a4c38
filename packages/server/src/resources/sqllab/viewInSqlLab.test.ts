import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { nowIso } from '../../platform/metastore/index.ts';
import { insertDatabase, insertDataset } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/** `POST /sqllab/` with a chart's form_data (Superset's "View query in SQL Lab"). */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachMetastore('View query in SQL Lab', (harness) => {
  let session: Headers;
  let datasetId: number;

  beforeAll(async () => {
    const databaseId = await insertDatabase(harness(), { name: 'view_db', uri: 'sqlite:///:memory:' });
    datasetId = await insertDataset(harness(), databaseId, 'orders');
    await harness()
      .ctx.metastore.db.insertInto('dataset_columns')
      .values(
        ['id', 'amount'].map((name) => ({
          uuid: randomUUID(),
          dataset_id: datasetId,
          column_name: name,
          verbose_name: null,
          verbose_name_ru: null,
          type: 'INTEGER',
          type_generic: null,
          expression: null,
          description: null,
          description_ru: null,
          is_dttm: 0,
          groupby: 1,
          filterable: 1,
          is_active: 1,
          python_date_format: null,
          advanced_data_type: null,
          is_certified: 0,
          certified_by: null,
          warning_text: null,
          extra: '{}',
          created_on: nowIso(),
          changed_on: nowIso(),
        })),
      )
      .execute();
    session = await harness().loginAs(ADMIN.username, ADMIN.password);
  });

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    harness().app.inject({
      method: 'POST',
      url: '/sqllab/',
      headers: { ...headers, ...FORM },
      payload: new URLSearchParams(fields).toString(),
    });
  const withToken = (formData: unknown) => ({
    form_data: JSON.stringify(formData),
    csrf_token: session['x-csrftoken'] as string,
  });

  it("redirects to SQL Lab with the chart's SQL on its dataset", async () => {
    const response = await post(withToken({ datasource: `${datasetId}__table`, sql: 'SELECT 1 AS "a b"' }), {
      cookie: session.cookie as string,
    });
    expect(response.statusCode).toBe(303);
    const target = new URL(response.headers.location as string, 'http://vitrina.test');
    expect(target.pathname).toBe('/sqllab/');
    expect(target.searchParams.get('datasourceKey')).toBe(`${datasetId}__table`);
    expect(target.searchParams.get('sql')).toBe('SELECT 1 AS "a b"');
  });

  it("builds the dataset's SELECT * when the chart sends no SQL", async () => {
    const response = await post(withToken({ datasourceKey: `${datasetId}__table`, viz_type: 'table' }), {
      cookie: session.cookie as string,
    });
    expect(response.statusCode).toBe(303);
    const sql = new URL(response.headers.location as string, 'http://vitrina.test').searchParams.get('sql');
    expect(sql).toMatch(/^SELECT\s+"?id"?,\s*"?amount"?\s+FROM\s+"?main"?\."?orders"?\s+LIMIT 100$/);
  });

  it('refuses a form without the CSRF token, from another site, or without a session', async () => {
    const formData = JSON.stringify({ datasource: `${datasetId}__table` });
    const noToken = await post({ form_data: formData }, { cookie: session.cookie as string });
    expect(noToken.statusCode).toBe(400);
    const elsewhere = await post(withToken({ datasource: `${datasetId}__table` }), {
      cookie: session.cookie as string,
      origin: 'https://evil.example',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await post({ form_data: formData })).statusCode).toBe(401);
  });

  it('answers 400 for bad form data, 404 for an unknown dataset and 403 without access to it', async () => {
    const cookie = { cookie: session.cookie as string };
    expect((await post(withToken('not an object'), cookie)).statusCode).toBe(400);
    expect((await post({ ...withToken({}), form_data: '{oops' }, cookie)).statusCode).toBe(400);
    expect((await post(withToken({ datasource: 'x__table' }), cookie)).statusCode).toBe(400);
    expect((await post(withToken({ datasource: '99999__table' }), cookie)).statusCode).toBe(404);
    await harness().createUser({ username: 'view_gamma', roles: ['sql_lab'] });
    const gamma = await harness().bearer('view_gamma', 'password123');
    const denied = await harness().app.inject({
      method: 'POST',
      url: '/sqllab/',
      headers: { ...gamma, ...FORM },
      payload: new URLSearchParams({
        form_data: JSON.stringify({ datasource: `${datasetId}__table` }),
      }).toString(),
    });
    expect(denied.statusCode).toBe(403);
  });
});
