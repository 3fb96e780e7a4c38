import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, describeEachMetastore, type Headers } from '../testing/testApp.ts';
import { controlCharacterProblems, isOneLineField } from './controlCharacters.ts';

describe('controlCharacterProblems', () => {
  it('refuses NUL and other control characters anywhere, by path', () => {
    expect(
      controlCharacterProblems({
        description: 'a\u0000b',
        metrics: [{ expression: 'x\u001by' }],
        ok: 'fine',
      }),
    ).toEqual({
      description: ['Must not contain control characters.'],
      'metrics.0.expression': ['Must not contain control characters.'],
    });
    expect(controlCharacterProblems({ note: 'DEL\u007f' })).toHaveProperty('note');
    expect(controlCharacterProblems({ note: 'C1\u0085' })).toHaveProperty('note');
  });

  it('keeps tabs and line breaks in free text and refuses them in names, titles and slugs', () => {
    expect(controlCharacterProblems({ sql: 'SELECT 1\r\n\tFROM t', description: 'two\nlines' })).toEqual({});
    expect(
      controlCharacterProblems({
        dashboard_title: 'a\nb',
        slice_name_ru: 'a\tb',
        slug: 'x\r',
        columns: [{ verbose_name: 'v\n' }],
      }),
    ).toEqual({
      dashboard_title: ['Must be one line, without tabs or control characters.'],
      slice_name_ru: ['Must be one line, without tabs or control characters.'],
      slug: ['Must be one line, without tabs or control characters.'],
      'columns.0.verbose_name': ['Must be one line, without tabs or control characters.'],
    });
    expect(controlCharacterProblems({ 'bad\nkey': 1 })).toEqual({
      'bad?key': ['Must be one line, without tabs or control characters.'],
    });
  });

  it.each([
    'dashboard_title',
    'slice_name',
    'table_name',
    'username',
    'first_name',
    'slug',
    'viz_type',
    'client_id',
    'main_dttm_col',
    'd3format',
    'tab',
  ])('%s is one line', (key) => expect(isOneLineField(key)).toBe(true));

  it.each([
    'sql',
    'description',
    'css',
    'json_metadata',
    'position_json',
    'params',
    'clause',
    'expression',
    'password',
  ])('%s may hold line breaks', (key) => expect(isOneLineField(key)).toBe(false));
});

/** Every string property a route's body schema declares, however the schema nests it. */
function stringProperties(schema: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
      const c = child as Record<string, unknown>;
      const types = [c.type, ...((c.anyOf as Array<{ type?: unknown }>) ?? []).map((a) => a.type)];
      if (types.includes('string')) found.add(key);
    }
    for (const sub of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])]) visit(sub);
  };
  visit(schema);
  return [...found];
}

describeEachMetastore('control characters in what is stored', (harness) => {
  let admin: Headers;
  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
  });

  const post = (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
    harness().app.inject({ method, url, headers: admin, payload });

  it('refuses a NUL in a dashboard title with 400 (it was a 500 on a PostgreSQL metastore)', async () => {
    const response = await post('/api/v1/dashboard/', { dashboard_title: 'Sales\u0000 2024' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: { dashboard_title: ['Must be one line, without tabs or control characters.'] },
    });
    const stored = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('id')
      .where('dashboard_title', 'like', 'Sales%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses line breaks in titles and names, and keeps them in free text', async () => {
    expect((await post('/api/v1/dashboard/', { dashboard_title: 'Two\nlines' })).statusCode).toBe(400);
    expect((await post('/api/v1/dashboard/', { dashboard_title: 'Sales', slug: 'sa\tles' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/v1/security/roles/', { name: 'Role\u0007' })).statusCode).toBe(400);
    const created = await post('/api/v1/dashboard/', {
      dashboard_title: 'Sales',
      css: '.a {\n\tcolor: red;\r\n}',
    });
    expect(created.statusCode).toBe(201);
    const css = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('css')
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(css.css).toBe('.a {\n\tcolor: red;\r\n}');
  });

  it('refuses a NUL in a path parameter or the query string instead of failing in the metastore', async () => {
    for (const url of [
      '/api/v1/dashboard/a%00b',
      `/api/v1/chart/?q=${encodeURIComponent("(filters:!((col:slice_name,opr:ct,value:'a\u0000')))")}`,
    ]) {
      const response = await harness().app.inject({ url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: 'The address must not contain NUL characters.' });
    }
  });

  it('refuses a NUL in every string field of every write route', async () => {
    const writes = harness().app.declaredRoutes.filter(
      (route: RouteOptions) =>
        ['POST', 'PUT', 'PATCH'].includes(String(route.method)) && route.schema?.body !== undefined,
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const field of stringProperties(route.schema?.body)) {
        const response = await harness().app.inject({
          method: route.method as 'POST',
          url,
          headers: admin,
          payload: { [field]: 'a\u0000b' },
        });
        checked++;
        const body = response.json();
        if (response.statusCode !== 400 || typeof body.message !== 'object' || !(field in body.message)) {
          wrong.push(`${route.method} ${url} ${field} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});
