/**
 * Benchmark: the navigation's search (`GET /api/v1/search/`) over 10,000 objects.
 *
 *   npx tsx bench/search.bench.ts        (BENCH_RUNS=25; BENCH_METASTORES=sqlite,postgres)
 *
 * Seeds a fresh metastore (SQLite, and PostgreSQL when it answers on 127.0.0.1:5432) with 10,000 objects —
 * 3,000 dashboards, 3,500 charts, 2,000 datasets (each with 5 columns and 2 metrics carrying English and
 * Russian verbose names), 1,400 saved queries and 100 databases — with English and Russian titles, then asks
 * the real app (Fastify's inject) for a few queries of each kind of match, as the admin (every object
 * visible) and as a Gamma user who may open only the published dashboards (most matches are checked and
 * dropped). The baseline is the bare indexed query a list would run on the same metastore: a prefix range
 * over an index on `dashboards.dashboard_title` with LIMIT 20. Runs are interleaved after a warm-up of each;
 * a figure is median(search) / median(baseline). The first search after a write, which reads the changed
 * kind's texts again, is printed apart. Absolute times, in brackets, are for context only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createPlatform } from '../packages/server/src/platform/index.ts';
import type { MetastoreSchema } from '../packages/server/src/platform/metastore/schema.ts';
import { prepareMetastore } from '../packages/server/src/prepareMetastore.ts';
import { createAdmin } from '../packages/server/src/security/admin.ts';
import { hashPassword } from '../packages/server/src/security/passwords.ts';
import { assembleContext } from '../packages/server/src/startup.ts';
import { SERVICES, serviceAvailable } from '../packages/server/src/testing/services.ts';
import { median } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const METASTORES = (process.env.BENCH_METASTORES ?? 'sqlite,postgres').split(',');
const ADMIN = { username: 'admin', password: 'bench-password' };
const GAMMA = { username: 'gamma', password: 'bench-password' };

const COUNTS = { dashboards: 3000, charts: 3500, datasets: 2000, savedQueries: 1400, databases: 100 };

const EN = [
  'Sales',
  'Revenue',
  'Orders',
  'Customers',
  'Marketing',
  'Finance',
  'Logistics',
  'Inventory',
  'Churn',
  'Traffic',
];
const EN_2 = [
  'overview',
  'by region',
  'forecast',
  'weekly',
  'funnel',
  'quality',
  'targets',
  'trends',
  'audit',
  'details',
];
const RU = [
  'Продажи',
  'Выручка',
  'Заказы',
  'Клиенты',
  'Маркетинг',
  'Финансы',
  'Логистика',
  'Склад',
  'Отток',
  'Трафик',
];
const RU_2 = [
  'обзор',
  'по регионам',
  'прогноз',
  'за неделю',
  'воронка',
  'качество',
  'цели',
  'тренды',
  'аудит',
  'детали',
];

const titleEn = (i: number) => `${EN[i % 10]} ${EN_2[Math.floor(i / 10) % 10]} ${i}`;
const titleRu = (i: number) => `${RU[i % 10]} ${RU_2[Math.floor(i / 10) % 10]} ${i}`;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

async function seed(db: Kysely<MetastoreSchema>): Promise<void> {
  const now = new Date().toISOString();
  const stamp = (i: number) => new Date(Date.parse(now) - i * 60_000).toISOString();
  await inBatches(
    Array.from({ length: COUNTS.databases }, (_, i) => ({
      uuid: randomUUID(),
      database_name: `warehouse_${i}`,
      sqlalchemy_uri: `duckdb:///${path.join(os.tmpdir(), `bench-search-${i}.duckdb`)}`,
      encrypted_password: null,
      expose_in_sqllab: 1,
      allow_run_async: 0,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      allow_file_upload: 0,
      cache_timeout: null,
      extra: '{}',
      created_on: stamp(i),
      changed_on: stamp(i),
      created_by_fk: 1,
      changed_by_fk: 1,
    })),
    (batch) => db.insertInto('databases').values(batch).execute(),
  );
  const firstDatabase = (
    await db.selectFrom('databases').select('id').orderBy('id').executeTakeFirstOrThrow()
  ).id;
  await inBatches(
    Array.from({ length: COUNTS.datasets }, (_, i) => ({
      uuid: randomUUID(),
      database_id: firstDatabase + (i % COUNTS.databases),
      catalog: null,
      schema: 'main',
      table_name: `${EN[i % 10]!.toLowerCase()}_${EN_2[Math.floor(i / 10) % 10]!.replace(/ /g, '_')}_${i}`,
      sql: null,
      description: `${titleEn(i)} table`,
      description_ru: `Таблица: ${titleRu(i)}`,
      main_dttm_col: null,
      cache_timeout: null,
      template_params: null,
      extra: '{}',
      offset: 0,
      default_endpoint: null,
      filter_select_enabled: 1,
      fetch_values_predicate: null,
      normalize_columns: 0,
      always_filter_main_dttm: 0,
      is_sqllab_view: 0,
      certified_by: null,
      certification_details: null,
      created_on: stamp(i),
      changed_on: stamp(i),
      created_by_fk: 1,
      changed_by_fk: 1,
    })),
    (batch) => db.insertInto('datasets').values(batch).execute(),
  );
  const datasetIds = (await db.selectFrom('datasets').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  const columns = datasetIds.flatMap((datasetId, i) =>
    Array.from({ length: 5 }, (_, c) => ({
      uuid: randomUUID(),
      dataset_id: datasetId,
      column_name: `col_${c}`,
      verbose_name: `${EN_2[(i + c) % 10]} measure ${c}`,
      verbose_name_ru: `${RU_2[(i + c) % 10]} показатель ${c}`,
      type: 'VARCHAR',
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
      created_on: now,
      changed_on: now,
    })),
  );
  await inBatches(columns, (batch) => db.insertInto('dataset_columns').values(batch).execute());
  const metrics = datasetIds.flatMap((datasetId, i) =>
    Array.from({ length: 2 }, (_, m) => ({
      uuid: randomUUID(),
      dataset_id: datasetId,
      metric_name: `metric_${m}`,
      verbose_name: `Total ${EN[(i + m) % 10]!.toLowerCase()}`,
      verbose_name_ru: `Итого ${RU[(i + m) % 10]!.toLowerCase()}`,
      metric_type: null,
      expression: 'COUNT(*)',
      description: null,
      description_ru: null,
      d3format: null,
      currency: null,
      warning_text: null,
      certified_by: null,
      certification_details: null,
      extra: '{}',
      created_on: now,
      changed_on: now,
    })),
  );
  await inBatches(metrics, (batch) => db.insertInto('dataset_metrics').values(batch).execute());
  await inBatches(
    Array.from({ length: COUNTS.dashboards }, (_, i) => ({
      uuid: randomUUID(),
      dashboard_title: titleEn(i),
      dashboard_title_ru: titleRu(i),
      slug: null,
      position_json: null,
      json_metadata: null,
      css: null,
      description: null,
      published: i % 3 === 0 ? 0 : 1,
      certified_by: null,
      certification_details: null,
      external_url: null,
      created_on: stamp(i),
      changed_on: stamp(i),
      created_by_fk: 1,
      changed_by_fk: 1,
    })),
    (batch) => db.insertInto('dashboards').values(batch).execute(),
  );
  await inBatches(
    Array.from({ length: COUNTS.charts }, (_, i) => ({
      uuid: randomUUID(),
      slice_name: `${titleEn(i + 7)} chart`,
      slice_name_ru: `График: ${titleRu(i + 7)}`,
      viz_type: 'table',
      datasource_id: datasetIds[i % datasetIds.length]!,
      datasource_type: 'table',
      params: '{}',
      query_context: null,
      description: null,
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      external_url: null,
      last_saved_at: null,
      last_saved_by_fk: null,
      created_on: stamp(i),
      changed_on: stamp(i),
      created_by_fk: 1,
      changed_by_fk: 1,
    })),
    (batch) => db.insertInto('slices').values(batch).execute(),
  );
  await inBatches(
    Array.from({ length: COUNTS.savedQueries }, (_, i) => ({
      uuid: randomUUID(),
      user_id: 1,
      db_id: firstDatabase,
      catalog: null,
      schema: 'main',
      label: `${titleEn(i + 3)} query`,
      description: `Checks ${EN_2[i % 10]}`,
      sql: 'SELECT 1',
      template_parameters: null,
      rows: null,
      last_run: null,
      created_on: stamp(i),
      changed_on: stamp(i),
      created_by_fk: 1,
      changed_by_fk: 1,
    })),
    (batch) => db.insertInto('saved_queries').values(batch).execute(),
  );
  // The baseline's index: what a list searching titles by their start would use.
  await sql`create index bench_dashboards_title on dashboards (dashboard_title)`.execute(db);
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!(await serviceAvailable('postgres'))) return null;
  const name = `vitrina_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVICES.postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVICES.postgres.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: SERVICES.postgres.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The queries timed: each kind of match, in both languages. */
const QUERIES: Array<{ label: string; query: string; prefix: string }> = [
  { label: 'exact English title', query: 'Revenue forecast 121', prefix: 'Revenue forecast 121' },
  { label: 'prefix, English', query: 'sales ov', prefix: 'Sales ov' },
  { label: 'word, Russian', query: 'по регионам', prefix: 'Sales by' },
  { label: 'Russian title, ё and case', query: 'ПРОДАЖИ ПРОГНОЗ', prefix: 'Sales fo' },
  { label: 'fuzzy (two slips)', query: 'logsitics trneds', prefix: 'Logistics tr' },
  { label: 'one letter', query: 'a', prefix: 'A' },
];

async function benchMetastore(kind: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-search-bench-'));
  const postgres = kind === 'postgres' ? await postgresUrl() : null;
  if (kind === 'postgres' && !postgres) {
    console.log('PostgreSQL not reachable: skipped');
    return;
  }
  const config = {
    ...loadConfig({
      VITRINA_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      VITRINA_LOAD_EXAMPLES: 'false',
      ...(postgres && { DATABASE_URL: postgres.url }),
    }),
    webDistDir: null,
  };
  const metastore = await prepareMetastore(config);
  const ctx = assembleContext({
    config,
    metastore,
    platform: createPlatform({ redisUrl: null }),
    secretKey: randomBytes(32).toString('base64url'),
    loginRateLimit: { maxFailures: 1000, windowSeconds: 60 },
  });
  await createAdmin(metastore.db, ADMIN, { onlyIfNoUsers: true });
  const app = await buildApp(ctx);
  try {
    const seeding = performance.now();
    await seed(metastore.db);
    const gammaRole = await metastore.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Gamma')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const gamma = await metastore.db
      .insertInto('users')
      .values({
        username: GAMMA.username,
        first_name: 'Gamma',
        last_name: 'User',
        email: 'gamma@example.com',
        password_hash: await hashPassword(GAMMA.password),
        preferred_language: 'en',
        active: 1,
        last_login: null,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await metastore.db
      .insertInto('user_roles')
      .values({ user_id: gamma.id, role_id: gammaRole.id })
      .execute();
    console.log(
      `\n## ${kind}: 10,000 objects seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const login = async (user: typeof ADMIN) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { ...user, provider: 'db' },
      });
      if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
    };
    const users = { admin: await login(ADMIN), gamma: await login(GAMMA) };

    const searchOnce = async (headers: Record<string, string>, query: string) => {
      const started = performance.now();
      const q = encodeURIComponent(`(query:'${query.replace(/[!']/g, (c) => `!${c}`)}',limit:5)`);
      const response = await app.inject({ method: 'GET', url: `/api/v1/search/?q=${q}`, headers });
      if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
      return { ms: performance.now() - started, count: response.json<{ count: number }>().count };
    };
    const baselineOnce = async (prefix: string) => {
      const started = performance.now();
      await sql`select id, dashboard_title from dashboards where dashboard_title >= ${prefix} and dashboard_title < ${`${prefix}\uffff`} order by dashboard_title limit 20`.execute(
        metastore.db,
      );
      return performance.now() - started;
    };

    // The first search reads every kind's texts; so does the first after a write to a kind.
    const cold = await searchOnce(users.admin, 'warm up');
    await metastore.db
      .updateTable('dashboards')
      .set({ dashboard_title: 'Renamed 0', changed_on: new Date().toISOString() })
      .where('id', '=', 1)
      .execute();
    const afterWrite = await searchOnce(users.admin, 'warm up');
    console.log(
      `first search, every kind read [${cold.ms.toFixed(1)} ms]; first after a dashboard write [${afterWrite.ms.toFixed(1)} ms]`,
    );

    console.log('| query | user | hits | search / bare indexed query | search | baseline |');
    console.log('|---|---|---|---|---|---|');
    const ratios: number[] = [];
    for (const { label, query, prefix } of QUERIES) {
      for (const [user, headers] of Object.entries(users)) {
        await searchOnce(headers, query);
        await baselineOnce(prefix);
        const subject: number[] = [];
        const baseline: number[] = [];
        let count = 0;
        for (let run = 0; run < RUNS; run++) {
          const result = await searchOnce(headers, query);
          subject.push(result.ms);
          count = result.count;
          baseline.push(await baselineOnce(prefix));
        }
        const ratio = median(subject) / median(baseline);
        ratios.push(ratio);
        console.log(
          `| ${label} (\`${query}\`) | ${user} | ${count} | ${ratio.toFixed(1)}× | [${median(subject).toFixed(2)} ms] | [${median(baseline).toFixed(2)} ms] |`,
        );
      }
    }
    console.log(`median ratio over the queries: ${median(ratios).toFixed(1)}×`);
  } finally {
    await app.close();
    await metastore.close();
    await postgres?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of METASTORES) await benchMetastore(kind);
