import path from 'node:path';
import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const LAYERS = '/api/v1/annotation_layer/';
const q = (url: string, value: unknown) => `${url}?q=${encodeURIComponent(encodeRison(value))}`;

describeEachMetastore('annotation layers API', (harness) => {
  let admin: Headers;
  let alpha: Headers;
  let gamma: Headers;
  let datasetId: number;

  beforeAll(async () => {
    const h = harness();
    await h.createUser({ username: 'al_alpha', roles: ['Alpha'] });
    await h.createUser({ username: 'al_gamma', roles: ['Gamma'] });
    admin = await h.bearer(ADMIN.username, ADMIN.password);
    alpha = await h.loginAs('al_alpha', 'password123');
    gamma = await h.bearer('al_gamma', 'password123');

    const file = path.join(h.ctx.config.filesDir, 'annotations.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE TABLE visits (day TIMESTAMP, n INTEGER)');
      await con.run(
        "INSERT INTO visits VALUES (TIMESTAMP '2024-03-01', 1), (TIMESTAMP '2024-04-01', 2), (TIMESTAMP '2024-05-01', 3)",
      );
      await con.run('CHECKPOINT');
    });
    const databaseId = await insertDatabase(h, { name: 'annotations_db', uri: `duckdb:///${file}` });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers: admin,
      payload: { database: databaseId, table_name: 'visits' },
    });
    expect(created.statusCode, created.body).toBe(201);
    datasetId = created.json<{ id: number }>().id;
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) =>
    harness().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  const createLayer = async (name: string, descr: string | null = null) => {
    const response = await inject('POST', LAYERS, alpha, { name, descr });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const addAnnotation = async (layerId: number, body: Record<string, unknown>) => {
    const response = await inject('POST', `${LAYERS}${layerId}/annotation/`, alpha, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  it('creates, shows, lists, renames and deletes a layer', async () => {
    const created = await inject('POST', LAYERS, alpha, { name: 'Releases', descr: 'Product releases' });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json();
    expect(result).toEqual({ name: 'Releases', descr: 'Product releases' });

    const shown = await inject('GET', `${LAYERS}${id}`, alpha);
    expect(shown.json()).toEqual({ id, result: { id, name: 'Releases', descr: 'Product releases' } });

    const listed = await inject(
      'GET',
      q(LAYERS, { filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'product' }] }),
      alpha,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().count).toBe(1);
    expect(listed.json().result[0]).toMatchObject({
      id,
      name: 'Releases',
      descr: 'Product releases',
      created_by: { first_name: 'al_alpha' },
      changed_on_delta_humanized: expect.any(String),
    });

    const renamed = await inject('PUT', `${LAYERS}${id}`, alpha, { name: 'Launches' });
    expect(renamed.json()).toEqual({ id, result: { name: 'Launches', layer: id } });
    expect((await inject('GET', `${LAYERS}${id}`, alpha)).json().result.name).toBe('Launches');

    expect((await inject('DELETE', `${LAYERS}${id}`, alpha)).json()).toEqual({ message: 'OK' });
    expect((await inject('GET', `${LAYERS}${id}`, alpha)).statusCode).toBe(404);
    expect((await inject('DELETE', `${LAYERS}${id}`, alpha)).statusCode).toBe(404);
  });

  it("refuses a bad layer with Superset's bodies", async () => {
    const missing = await inject('POST', LAYERS, alpha, { descr: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: { name: ['Missing data for required field.'] } });
    const bad = await inject('POST', LAYERS, alpha, { name: '', descr: 3, owner: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual({
      name: ['Length must be between 1 and 250.'],
      descr: ['Not a valid string.'],
      owner: ['Unknown field.'],
    });
    const id = await createLayer('Unique layer');
    const duplicate = await inject('POST', LAYERS, alpha, { name: 'Unique layer' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: { name: ['Name must be unique'] } });
    const other = await createLayer('Other layer');
    const renamed = await inject('PUT', `${LAYERS}${other}`, alpha, { name: 'Unique layer' });
    expect(renamed.statusCode).toBe(422);
    expect((await inject('PUT', `${LAYERS}987654`, alpha, { name: 'x' })).statusCode).toBe(404);
    // Renaming a layer to its own name is no conflict.
    expect((await inject('PUT', `${LAYERS}${id}`, alpha, { name: 'Unique layer' })).statusCode).toBe(200);
  });

  it('adds, shows, lists, edits and deletes annotations of a layer', async () => {
    const layerId = await createLayer('Sprints');
    const created = await inject('POST', `${LAYERS}${layerId}/annotation/`, alpha, {
      short_descr: 'Sprint 1',
      long_descr: 'The first one',
      start_dttm: '2024-04-01 00:00:00',
      end_dttm: '2024-04-14T12:30:00',
      json_metadata: '{"team": "core"}',
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json();
    expect(result).toEqual({
      short_descr: 'Sprint 1',
      long_descr: 'The first one',
      start_dttm: '2024-04-01T00:00:00',
      end_dttm: '2024-04-14T12:30:00',
      json_metadata: '{"team": "core"}',
      layer: layerId,
    });

    const shown = await inject('GET', `${LAYERS}${layerId}/annotation/${id}`, alpha);
    expect(shown.json()).toEqual({
      id,
      result: {
        id,
        short_descr: 'Sprint 1',
        long_descr: 'The first one',
        start_dttm: '2024-04-01T00:00:00',
        end_dttm: '2024-04-14T12:30:00',
        json_metadata: '{"team": "core"}',
        layer: { id: layerId, name: 'Sprints' },
      },
    });
    // Another layer's path does not reach it.
    const other = await createLayer('Not sprints');
    expect((await inject('GET', `${LAYERS}${other}/annotation/${id}`, alpha)).statusCode).toBe(404);

    const second = await addAnnotation(layerId, {
      short_descr: 'Sprint 2',
      start_dttm: '2024-04-15',
      end_dttm: '2024-04-28',
    });
    const listed = await inject(
      'GET',
      q(`${LAYERS}${layerId}/annotation/`, { order_column: 'start_dttm', order_direction: 'asc' }),
      alpha,
    );
    expect(listed.json().count).toBe(2);
    expect(listed.json().result.map((row: { short_descr: string }) => row.short_descr)).toEqual([
      'Sprint 1',
      'Sprint 2',
    ]);
    expect(listed.json().result[1]).toMatchObject({ start_dttm: '2024-04-15T00:00:00', long_descr: null });
    const searched = await inject(
      'GET',
      q(`${LAYERS}${layerId}/annotation/`, {
        filters: [{ col: 'short_descr', opr: 'annotation_all_text', value: 'first' }],
      }),
      alpha,
    );
    expect(searched.json().result.map((row: { id: number }) => row.id)).toEqual([id]);

    const edited = await inject('PUT', `${LAYERS}${layerId}/annotation/${id}`, alpha, {
      short_descr: 'Sprint one',
      end_dttm: '2024-04-13',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toEqual({
      short_descr: 'Sprint one',
      end_dttm: '2024-04-13T00:00:00',
      layer: layerId,
    });

    // A layer with annotations is kept.
    const kept = await inject('DELETE', `${LAYERS}${layerId}`, alpha);
    expect(kept.statusCode).toBe(422);
    expect(kept.json()).toEqual({ message: 'Annotation layer has associated annotations.' });

    const bulk = await inject('DELETE', q(`${LAYERS}${layerId}/annotation/`, [id, second]), alpha);
    expect(bulk.json()).toEqual({ message: 'Deleted 2 annotations' });
    expect((await inject('DELETE', `${LAYERS}${layerId}/annotation/${id}`, alpha)).statusCode).toBe(404);
    const layers = await inject('DELETE', q(LAYERS, [layerId, other]), alpha);
    expect(layers.json()).toEqual({ message: 'Deleted 2 annotation layers' });
  });

  it("refuses bad annotations with Superset's bodies", async () => {
    const layerId = await createLayer('Checked');
    const url = `${LAYERS}${layerId}/annotation/`;
    const missing = await inject('POST', url, alpha, { long_descr: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual({
      short_descr: ['Missing data for required field.'],
      start_dttm: ['Missing data for required field.'],
      end_dttm: ['Missing data for required field.'],
    });
    const bad = await inject('POST', url, alpha, {
      short_descr: 'x',
      start_dttm: '2024-02-30',
      end_dttm: 'tomorrow',
      json_metadata: '{nope',
    });
    expect(bad.json().message).toEqual({
      start_dttm: ['Not a valid datetime.'],
      end_dttm: ['Not a valid datetime.'],
      json_metadata: ['JSON not valid'],
    });
    const backwards = await inject('POST', url, alpha, {
      short_descr: 'Backwards',
      start_dttm: '2024-05-02',
      end_dttm: '2024-05-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({ message: { start_dttm: ['End date must be after start date'] } });
    const id = await addAnnotation(layerId, {
      short_descr: 'Once',
      start_dttm: '2024-05-01',
      end_dttm: '2024-05-01',
    });
    const twice = await inject('POST', url, alpha, {
      short_descr: 'Once',
      start_dttm: '2024-06-01',
      end_dttm: '2024-06-01',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({
      message: { short_descr: ['Short description must be unique for this layer'] },
    });
    // An edit is checked against the annotation's other time.
    const earlier = await inject('PUT', `${url}${id}`, alpha, { end_dttm: '2024-04-30' });
    expect(earlier.json()).toEqual({ message: { start_dttm: ['End date must be after start date'] } });
    const noLayer = await inject('POST', `${LAYERS}987654/annotation/`, alpha, {
      short_descr: 'x',
      start_dttm: '2024-05-01',
      end_dttm: '2024-05-01',
    });
    expect(noLayer.statusCode).toBe(400);
    expect(noLayer.json()).toEqual({ message: 'Annotation layer not found.' });
    expect(
      (await inject('PUT', `${LAYERS}987654/annotation/${id}`, alpha, { short_descr: 'y' })).statusCode,
    ).toBe(404);
  });

  it('answers _info with the caller permissions on Annotation', async () => {
    const info = await inject('GET', q(`${LAYERS}_info`, { keys: ['permissions'] }), alpha);
    expect(info.json()).toEqual({ permissions: ['can_read', 'can_write'] });
    const layerId = await createLayer('Info');
    const annotationInfo = await inject('GET', `${LAYERS}${layerId}/annotation/_info`, alpha);
    expect(annotationInfo.statusCode).toBe(200);
    expect(annotationInfo.json().add_columns.map((c: { name: string }) => c.name)).toContain('start_dttm');
  });

  it('keeps annotation layers from a Gamma user (no can_read / can_write on Annotation)', async () => {
    const layerId = await createLayer('Private');
    expect((await inject('GET', LAYERS, gamma)).statusCode).toBe(403);
    expect((await inject('GET', `${LAYERS}${layerId}/annotation/`, gamma)).statusCode).toBe(403);
    expect((await inject('POST', LAYERS, gamma, { name: 'Mine' })).statusCode).toBe(403);
    expect((await inject('DELETE', `${LAYERS}${layerId}`, gamma)).statusCode).toBe(403);
    expect((await inject('GET', LAYERS, {})).statusCode).toBe(401);
  });

  it('answers a native layer in chart data: its annotations in the query time range', async () => {
    const layerId = await createLayer('Campaigns');
    await addAnnotation(layerId, {
      short_descr: 'Spring sale',
      long_descr: 'Ten percent off',
      start_dttm: '2024-04-01',
      end_dttm: '2024-04-07',
      json_metadata: '{}',
    });
    await addAnnotation(layerId, {
      short_descr: 'Last year',
      start_dttm: '2023-04-01',
      end_dttm: '2023-04-02',
    });
    const layer = {
      name: 'Campaigns',
      annotationType: 'INTERVAL',
      sourceType: 'NATIVE',
      value: layerId,
      show: true,
    };
    const chartData = (layers: unknown[]) =>
      inject('POST', '/api/v1/chart/data', admin, {
        datasource: { id: datasetId, type: 'table' },
        queries: [
          {
            columns: [{ label: 'day', sqlExpression: 'day', columnType: 'BASE_AXIS', timeGrain: 'P1M' }],
            metrics: ['count'],
            filters: [{ col: 'day', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2025-01-01' }],
            annotation_layers: layers,
          },
        ],
        result_format: 'json',
        result_type: 'full',
      });
    const response = await chartData([layer, { ...layer, name: 'Gone', value: 987654 }]);
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json().result;
    expect(entry.rowcount).toBe(3);
    expect(entry.annotation_data).toEqual({
      Campaigns: {
        columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
        records: [
          {
            start_dttm: Date.UTC(2024, 3, 1),
            end_dttm: Date.UTC(2024, 3, 7),
            short_descr: 'Spring sale',
            long_descr: 'Ten percent off',
            json_metadata: '{}',
          },
        ],
      },
    });
    expect(entry.errors).toEqual([
      expect.objectContaining({
        error_type: 'OBJECT_DOES_NOT_EXIST_ERROR',
        message: 'Annotation layer "Gone": Annotation layer not found.',
      }),
    ]);

    // Read fresh, not from the chart's cached data: a new annotation shows at once.
    await addAnnotation(layerId, {
      short_descr: 'Autumn sale',
      start_dttm: '2024-10-01',
      end_dttm: '2024-10-03',
    });
    const again = (await chartData([layer])).json().result[0];
    expect(again.is_cached).toBe(true);
    expect(
      again.annotation_data.Campaigns.records.map((r: { short_descr: string }) => r.short_descr),
    ).toEqual(['Spring sale', 'Autumn sale']);
    expect(again.errors).toEqual([]);
  });
});
